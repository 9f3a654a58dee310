import { POST_FILE_LIMITS, POST_FILE_TYPES, POST_MESSAGES, UPLOAD_MESSAGES } from '@campus/contract';
import type { AlertOptions } from '@/components/ui/alert-rules.ts';
import { type PictureType, pictureTypeOfFile } from '@/lib/picture-type.ts';

/**
 * What the file picker offers (docs/product/community.md#post-files): png, gif, jpeg, jpg, webp images and any video, plus
 * the HEIC/HEIF photos iPhones take (docs/decisions/012-video-and-heic.md: the server converts them to WebP).
 */
export const POST_FILE_ACCEPT = 'image/png,image/gif,image/jpeg,image/webp,image/heic,image/heif,.heic,.heif,video/*';

const ALLOWED_TYPES: ReadonlySet<string> = new Set([...POST_FILE_TYPES, 'heic', 'heif']);
const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set(['mp4', 'mov', 'avi']);

/** `size` is optional so rules can be checked on names alone. */
type FileLike = Pick<File, 'name' | 'type'> & { size?: number };

/** 'IMG_01.JPG' → 'jpg'; '' when the name has no extension. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Whether a chosen file may go with a post (docs/product/community.md#post-files: jpeg, jpg, png, gif, webp, mp4, mov,
 * avi, quicktime). The browser's MIME type decides when it names one of those (image/png,
 * video/quicktime); otherwise the extension does, unless the MIME type says the file is
 * something else altogether (text/plain named .png). The server checks the bytes anyway.
 */
export function isAllowedPostFile(file: FileLike): boolean {
  const type = file.type.toLowerCase();
  const [kind = '', subtype = ''] = type.split('/');
  const media = kind === 'image' || kind === 'video';
  if (media && ALLOWED_TYPES.has(subtype)) return true;
  const unknownType = type === '' || type === 'application/octet-stream';
  return (media || unknownType) && ALLOWED_TYPES.has(fileExtension(file.name));
}

export function postFileKind(file: FileLike): 'image' | 'video' {
  return file.type.toLowerCase().startsWith('video/') || VIDEO_EXTENSIONS.has(fileExtension(file.name))
    ? 'video'
    : 'image';
}

export type FileAlert = 'onlyPhotosAndVideos' | 'photoTooLarge' | 'videoTooLarge' | 'tooManyFiles';

/** Whether the file is over its kind's limit (the server refuses it too, after sending it). */
function postFileTooLarge(file: FileLike): 'photoTooLarge' | 'videoTooLarge' | null {
  const kind = postFileKind(file);
  const limit = kind === 'video' ? POST_FILE_LIMITS.videoBytes : POST_FILE_LIMITS.imageBytes;
  if ((file.size ?? 0) <= limit) return null;
  return kind === 'video' ? 'videoTooLarge' : 'photoTooLarge';
}

export interface FileSelection<F extends FileLike> {
  /** The files to add, in the order chosen. */
  accepted: F[];
  /** The alert to show, if any: a refused type wins over size, size over the count. */
  alert: FileAlert | null;
}

/**
 * Picks which newly chosen files join a draft that already holds `existingCount`: files of
 * another type are left out ('Only photos & videos are allowed!'), so are files over their
 * size limit (the message names it — no point sending 300 MB to be refused), and past 10 in
 * all only the first ones are kept ('Please choose up to 10 photos.').
 */
export function selectPostFiles<F extends FileLike>(existingCount: number, chosen: readonly F[]): FileSelection<F> {
  const typed = chosen.filter(isAllowedPostFile);
  const oversized = typed.map(postFileTooLarge).find((tooLarge) => tooLarge !== null) ?? null;
  const allowed = typed.filter((file) => postFileTooLarge(file) === null);
  const room = Math.max(0, POST_FILE_LIMITS.maxFiles - existingCount);
  const accepted = allowed.slice(0, room);
  let alert: FileAlert | null = null;
  if (typed.length < chosen.length) alert = 'onlyPhotosAndVideos';
  else if (oversized) alert = oversized;
  else if (allowed.length > room) alert = 'tooManyFiles';
  return { accepted, alert };
}

/**
 * Leaves out the chosen photos whose bytes are no photo's (a text file or a PDF named `.jpg`):
 * they would show as a broken preview and be refused after the upload. They count as files of
 * another type ('Only photos & videos are allowed!'). Videos and refused names pass through to
 * `selectPostFiles`, which judges them.
 */
export async function leaveOutFakePhotos<F extends File>(
  chosen: readonly F[],
  typeOf: (file: F) => Promise<PictureType | null> = pictureTypeOfFile,
): Promise<{ kept: F[]; fakes: number }> {
  const checks = await Promise.all(
    chosen.map(async (file) =>
      isAllowedPostFile(file) && postFileKind(file) === 'image' ? (await typeOf(file)) !== null : true,
    ),
  );
  const kept = chosen.filter((_, i) => checks[i]);
  return { kept, fakes: chosen.length - kept.length };
}

/** The alert of docs/product/community.md#alerts for each refusal: a wrong type is 'danger', too many is 'okay'. */
export const FILE_ALERTS: Record<FileAlert, { message: string; options: AlertOptions }> = {
  onlyPhotosAndVideos: { message: POST_MESSAGES.onlyPhotosAndVideos, options: { type: 'danger' } },
  photoTooLarge: { message: UPLOAD_MESSAGES.photoTooLarge, options: { type: 'danger' } },
  videoTooLarge: { message: UPLOAD_MESSAGES.videoTooLarge, options: { type: 'danger' } },
  tooManyFiles: { message: POST_MESSAGES.tooManyFiles, options: { type: 'okay' } },
};
