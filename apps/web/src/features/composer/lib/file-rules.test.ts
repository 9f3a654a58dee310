import { POST_FILE_LIMITS, POST_MESSAGES, UPLOAD_MESSAGES } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import {
  FILE_ALERTS,
  fileExtension,
  isAllowedPostFile,
  leaveOutFakePhotos,
  postFileKind,
  selectPostFiles,
} from './file-rules.ts';

const file = (name: string, type: string) => ({ name, type });
const photos = (count: number) => Array.from({ length: count }, (_, i) => file(`p${i}.png`, 'image/png'));

describe('isAllowedPostFile', () => {
  it.each([
    ['a.jpeg', 'image/jpeg'],
    ['a.JPG', 'image/jpeg'],
    ['a.png', 'image/png'],
    ['a.gif', 'image/gif'],
    ['a.webp', 'image/webp'],
    ['clip.mp4', 'video/mp4'],
    ['clip.MOV', 'video/quicktime'],
    ['clip.avi', 'video/x-msvideo'],
    ['clip.avi', 'video/avi'],
    // No MIME type from the browser: the extension decides.
    ['photo.png', ''],
    ['clip.mov', 'application/octet-stream'],
    // A known MIME type and an odd name.
    ['camera-upload', 'image/jpeg'],
    // iPhone photos (docs/decisions/012-video-and-heic.md): the server converts them.
    ['IMG_0001.HEIC', 'image/heic'],
    ['IMG_0002.heif', 'image/heif'],
    ['IMG_0003.heic', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(isAllowedPostFile(file(name, type))).toBe(true);
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['scan.pdf', 'application/pdf'],
    ['logo.svg', 'image/svg+xml'],
    ['clip.webm', 'video/webm'],
    ['archive.zip', 'application/zip'],
    // A photo's name does not make a text file a photo.
    ['fake.png', 'text/plain'],
    ['noextension', ''],
  ])('refuses %s (%s)', (name, type) => {
    expect(isAllowedPostFile(file(name, type))).toBe(false);
  });
});

describe('fileExtension and postFileKind', () => {
  it('reads the last extension, lower-cased', () => {
    expect(fileExtension('IMG.Final.JPG')).toBe('jpg');
    expect(fileExtension('.env')).toBe('');
    expect(fileExtension('plain')).toBe('');
  });

  it('tells videos from photos by type or extension', () => {
    expect(postFileKind(file('a.png', 'image/png'))).toBe('image');
    expect(postFileKind(file('a.mp4', 'video/mp4'))).toBe('video');
    expect(postFileKind(file('a.mov', ''))).toBe('video');
  });
});

describe('selectPostFiles', () => {
  it('takes everything allowed when there is room', () => {
    const chosen = photos(3);
    expect(selectPostFiles(2, chosen)).toEqual({ accepted: chosen, alert: null });
  });

  it('keeps the first ten of eleven and asks for up to 10 photos', () => {
    const chosen = photos(11);
    const { accepted, alert } = selectPostFiles(0, chosen);
    expect(accepted).toEqual(chosen.slice(0, POST_FILE_LIMITS.maxFiles));
    expect(alert).toBe('tooManyFiles');
  });

  it('counts the files already in the draft', () => {
    const { accepted, alert } = selectPostFiles(8, photos(3));
    expect(accepted).toHaveLength(2);
    expect(alert).toBe('tooManyFiles');
    expect(selectPostFiles(10, photos(1))).toEqual({ accepted: [], alert: 'tooManyFiles' });
  });

  it('leaves out other types and says only photos and videos are allowed', () => {
    const png = file('a.png', 'image/png');
    const { accepted, alert } = selectPostFiles(0, [png, file('notes.txt', 'text/plain')]);
    expect(accepted).toEqual([png]);
    expect(alert).toBe('onlyPhotosAndVideos');
  });

  it('reports a refused type before the count', () => {
    expect(selectPostFiles(0, [...photos(11), file('notes.txt', 'text/plain')]).alert).toBe('onlyPhotosAndVideos');
  });

  it('maps each refusal to the words and colour of the spec', () => {
    expect(FILE_ALERTS.tooManyFiles).toEqual({ message: POST_MESSAGES.tooManyFiles, options: { type: 'okay' } });
    expect(FILE_ALERTS.onlyPhotosAndVideos).toEqual({
      message: 'Only photos & videos are allowed!',
      options: { type: 'danger' },
    });
    expect(FILE_ALERTS.tooManyFiles.message).toBe('Please choose up to 10 photos.');
  });

  it('leaves out a file over its size limit and names the limit', () => {
    const MB = 1024 * 1024;
    const small = { name: 'ok.jpg', type: 'image/jpeg', size: 2 * MB };
    const bigPhoto = { name: 'big.jpg', type: 'image/jpeg', size: POST_FILE_LIMITS.imageBytes + 1 };
    const bigVideo = { name: 'big.mov', type: 'video/quicktime', size: POST_FILE_LIMITS.videoBytes + 1 };
    const photoRefusal = selectPostFiles(0, [small, bigPhoto]);
    expect(photoRefusal).toEqual({ accepted: [small], alert: 'photoTooLarge' });
    expect(FILE_ALERTS.photoTooLarge.message).toBe(UPLOAD_MESSAGES.photoTooLarge);
    // 26 MB is a fine video, but a 201 MB one is not.
    const video = { name: 'clip.mp4', type: 'video/mp4', size: 26 * MB };
    expect(selectPostFiles(0, [video, bigVideo])).toEqual({ accepted: [video], alert: 'videoTooLarge' });
    expect(FILE_ALERTS.videoTooLarge).toEqual({ message: UPLOAD_MESSAGES.videoTooLarge, options: { type: 'danger' } });
  });
});

describe('leaveOutFakePhotos', () => {
  const jpegBytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0]);
  const heicBytes = new Uint8Array([0, 0, 0, 24, ...[...'ftypheic'].map((c) => c.charCodeAt(0)), 0, 0, 0, 0]);

  it('leaves out a file named .jpg that holds no photo, and counts it', async () => {
    const real = new File([jpegBytes], 'lamp.jpg', { type: 'image/jpeg' });
    const heic = new File([heicBytes], 'IMG_0001.jpg', { type: 'image/jpeg' });
    const fake = new File(['just some text'], 'notes.jpg', { type: 'image/jpeg' });
    const video = new File(['not checked here'], 'clip.mp4', { type: 'video/mp4' });
    const { kept, fakes } = await leaveOutFakePhotos([real, fake, heic, video]);
    expect(kept).toEqual([real, heic, video]);
    expect(fakes).toBe(1);
  });

  it('leaves names the rules refuse to selectPostFiles, unread', async () => {
    const pdf = new File(['%PDF'], 'flyer.pdf', { type: 'application/pdf' });
    const { kept, fakes } = await leaveOutFakePhotos([pdf], async () => {
      throw new Error('read');
    });
    expect(kept).toEqual([pdf]);
    expect(fakes).toBe(0);
  });
});
