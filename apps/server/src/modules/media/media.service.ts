import {
  AVATAR_FILE_TYPES,
  POST_FILE_LIMITS,
  POST_MESSAGES,
  PROFILE_MESSAGES,
  UPLOAD_MESSAGES,
} from '@campus/contract';
import { AppError } from '../../lib/errors.ts';
import type { DetectedFileType } from '../../lib/file-type.ts';
import { processImage, UnsupportedImageError } from '../../lib/images.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { mediaKeys } from './keys.ts';
import type { ReceivedFile, ReceiveRules } from './receive.ts';
import { cleanVideo, InvalidVideoError } from './video.ts';

/** Profile pictures larger than this are refused while they stream in. */
export const MAX_AVATAR_BYTES = 15 * 1024 * 1024;

const MiB = 1024 * 1024;
// The contract's limits and the messages that name them must agree.
if (
  POST_FILE_LIMITS.videoBytes !== 200 * MiB ||
  POST_FILE_LIMITS.imageBytes !== 25 * MiB ||
  POST_FILE_LIMITS.totalBytes !== 400 * MiB
) {
  throw new Error('POST_FILE_LIMITS changed: update UPLOAD_MESSAGES');
}

const onlyPhotosAndVideos = () => new AppError(400, 'ONLY_PHOTOS_AND_VIDEOS', POST_MESSAGES.onlyPhotosAndVideos);
const onlyPhotos = () => new AppError(400, 'ONLY_PHOTOS', PROFILE_MESSAGES.onlyPhotos);

/** Post files (docs/product/community.md#post-files): any accepted photo or video, each kind with its size limit. */
export const POST_FILE_RULES: ReceiveRules = {
  refuseType: (type) => (type ? null : onlyPhotosAndVideos()),
  limit: (type) =>
    type.kind === 'video'
      ? {
          bytes: POST_FILE_LIMITS.videoBytes,
          error: () => new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.videoTooLarge),
        }
      : {
          bytes: POST_FILE_LIMITS.imageBytes,
          error: () => new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.photoTooLarge),
        },
};

/** docs/product/profiles.md#profile-rules: a profile picture is a jpeg, png or gif. */
const AVATAR_MIMES = new Set<string>(AVATAR_FILE_TYPES.map((ext) => (ext === 'jpg' ? 'image/jpeg' : `image/${ext}`)));

export const AVATAR_FILE_RULES: ReceiveRules = {
  refuseType: (type: DetectedFileType | null) => (type && AVATAR_MIMES.has(type.mime) ? null : onlyPhotos()),
  limit: () => ({
    bytes: MAX_AVATAR_BYTES,
    error: () => new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.avatarTooLarge),
  }),
};

export interface StoredPostMedia {
  kind: 'image' | 'video';
  path: string;
  feedPath: string;
  name: string;
  width: number | null;
  height: number | null;
  bytes: number;
}

/**
 * Stores one post file under the post's folder (docs/product/community.md#file-storage-paths): a photo as its WebP variants, a
 * video checked and stripped of metadata (video.ts). Everything is read from disk.
 */
export async function storePostFile(
  storage: StorageDriver,
  postId: string,
  order: number,
  file: ReceivedFile,
): Promise<StoredPostMedia> {
  if (file.type.kind === 'video') {
    await cleanVideo(file.path, file.type).catch((error: unknown) => {
      if (error instanceof InvalidVideoError) throw onlyPhotosAndVideos();
      throw error;
    });
    const key = mediaKeys.postVideo(postId, order, file.hash, file.type.ext);
    await storage.putFile(key, file.path, file.type.mime);
    return {
      kind: 'video',
      path: key,
      feedPath: key,
      name: key.slice(key.lastIndexOf('/') + 1),
      width: null,
      height: null,
      bytes: file.size,
    };
  }
  const image = await processImage(file.path, { preset: 'post' }).catch((error: unknown) => {
    if (error instanceof UnsupportedImageError) throw onlyPhotosAndVideos();
    throw error;
  });
  const { full, feed } = image.variants;
  const fullKey = mediaKeys.postImage(postId, order, image.hash, 'full');
  const feedKey = mediaKeys.postImage(postId, order, image.hash, 'feed');
  await storage.put(fullKey, full.data, full.mime);
  await storage.put(feedKey, feed.data, feed.mime);
  return {
    kind: 'image',
    path: fullKey,
    feedPath: feedKey,
    name: `${order}-${image.hash}.webp`,
    width: full.width,
    height: full.height,
    bytes: full.bytes,
  };
}

/** A chat message's file (docs/product/messages.md#chat-rules): one photo, the post photo's types and size limit. */
export const MESSAGE_FILE_RULES: ReceiveRules = {
  refuseType: (type) => (type?.kind === 'image' ? null : onlyPhotos()),
  limit: () => ({
    bytes: POST_FILE_LIMITS.imageBytes,
    error: () => new AppError(413, 'FILE_TOO_LARGE', UPLOAD_MESSAGES.photoTooLarge),
  }),
};

export interface StoredMessagePhoto {
  path: string;
  feedPath: string;
  width: number;
  height: number;
}

/** Stores a chat photo's WebP variants under the message's folder (same sharp pipeline as posts). */
export async function storeMessagePhoto(
  storage: StorageDriver,
  messageId: string,
  file: ReceivedFile,
): Promise<StoredMessagePhoto> {
  const image = await processImage(file.path, { preset: 'post' }).catch((error: unknown) => {
    if (error instanceof UnsupportedImageError) throw onlyPhotos();
    throw error;
  });
  const { full, feed } = image.variants;
  const path = mediaKeys.messageImage(messageId, image.hash, 'full');
  const feedPath = mediaKeys.messageImage(messageId, image.hash, 'feed');
  await storage.put(path, full.data, full.mime);
  await storage.put(feedPath, feed.data, feed.mime);
  return { path, feedPath, width: full.width, height: full.height };
}

/**
 * Stores a profile picture's square variants under the owner's own folder and returns the key
 * of the large one (what users.img holds). `input` is a file on disk or, for the demo seed,
 * the bytes.
 */
export async function storeAvatar(storage: StorageDriver, userId: string, input: string | Buffer): Promise<string> {
  const image = await processImage(input, { preset: 'avatar' }).catch((error: unknown) => {
    if (error instanceof UnsupportedImageError) throw onlyPhotos();
    throw error;
  });
  const large = mediaKeys.avatar(userId, image.hash, 'large');
  await storage.put(large, image.variants.large.data, image.variants.large.mime);
  await storage.put(
    mediaKeys.avatar(userId, image.hash, 'small'),
    image.variants.small.data,
    image.variants.small.mime,
  );
  return large;
}
