import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { box, buildAvi, buildMp4, fakeMp4WithHtml, GPS_TEXT } from '../../../test/fixtures/videos.ts';
import { detectFileType } from '../../lib/file-type.ts';
import { cleanVideo, InvalidVideoError } from './video.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'campus-video-test-'));
let n = 0;

async function clean(bytes: Buffer): Promise<Buffer> {
  const file = path.join(dir, `${n++}.bin`);
  await writeFile(file, bytes);
  const type = detectFileType(bytes);
  if (!type) throw new Error('fixture not typed');
  await cleanVideo(file, type);
  return readFile(file);
}

const hasLocation = (bytes: Buffer) =>
  bytes.includes(Buffer.from(GPS_TEXT)) || bytes.includes(Buffer.from('\u00a9xyz', 'latin1'));

describe('cleanVideo', () => {
  it.each([
    ['moov before mdat', buildMp4()],
    ['moov after mdat (as cameras write)', buildMp4({ moovLast: true })],
    ['a 64-bit mdat size', buildMp4({ largeMdat: true })],
    ['QuickTime', buildMp4({ brand: 'qt  ' })],
  ])('keeps %s the same size, sample data untouched, location gone', async (_name, mp4) => {
    expect(hasLocation(mp4)).toBe(true);
    const out = await clean(mp4);
    expect(out.length).toBe(mp4.length);
    expect(hasLocation(out)).toBe(false);
    expect(out.includes(Buffer.from('com.apple.quicktime'))).toBe(false);
    // The 64 sample bytes (0x42) are still where the sample table says.
    expect(out.includes(Buffer.alloc(64, 0x42))).toBe(true);
  });

  it('erases top-level metadata and XMP boxes too', async () => {
    const xmp = box('uuid', Buffer.alloc(16, 0xbe), Buffer.from('<x:xmpmeta>GPSLatitude 35,12</x:xmpmeta>'));
    const out = await clean(Buffer.concat([buildMp4({ withLocation: false }), xmp]));
    expect(out.includes(Buffer.from('xmpmeta'))).toBe(false);
  });

  it('leaves a clean file clean and readable', async () => {
    const mp4 = buildMp4({ withLocation: false });
    const out = await clean(mp4);
    expect(out.length).toBe(mp4.length);
  });

  it.each([
    ['ftyp followed by HTML', fakeMp4WithHtml()],
    ['a box running past the end', Buffer.concat([buildMp4(), Buffer.from([0, 0, 0x10, 0, 0x66, 0x72, 0x65, 0x65])])],
    [
      'two moov boxes',
      (() => {
        const mp4 = buildMp4();
        const moov = mp4.indexOf(Buffer.from('moov')) - 4;
        const size = mp4.readUInt32BE(moov);
        return Buffer.concat([mp4, mp4.subarray(moov, moov + size)]);
      })(),
    ],
    [
      'no video track (an audio file in an MP4 container)',
      (() => {
        const mp4 = buildMp4();
        // The sample entry decides the track's kind: make it AAC audio.
        mp4.write('mp4a', mp4.lastIndexOf(Buffer.from('avc1')), 'latin1');
        mp4.write('soun', mp4.indexOf(Buffer.from('vide')), 'latin1');
        return mp4;
      })(),
    ],
    ['an unknown top-level box', Buffer.concat([buildMp4(), box('html', Buffer.from('<script></script>'))])],
    ['an AVI without its header list', buildAvi().subarray(0, 12)],
  ])('refuses %s', async (_name, bytes) => {
    await expect(clean(bytes)).rejects.toBeInstanceOf(InvalidVideoError);
  });

  it('turns the INFO list of an AVI into filler', async () => {
    const avi = buildAvi();
    const out = await clean(avi);
    expect(out.length).toBe(avi.length);
    expect(out.includes(Buffer.from('ICRD'))).toBe(false);
    expect(out.includes(Buffer.alloc(32, 0x11))).toBe(true);
  });
});
