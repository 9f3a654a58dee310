import { AVATAR_FILE_TYPES, PROFILE_MESSAGES } from '@campus/contract';
import type { Database } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import { detectFileType } from '../../lib/file-type.ts';
import { processImage, UnsupportedImageError } from '../../lib/images.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { findUser, type UserRow, updateImage } from './users.repo.ts';

const AVATAR_MIMES = new Set(AVATAR_FILE_TYPES.map((ext) => (ext === 'jpg' ? 'image/jpeg' : `image/${ext}`)));

/** Keys of the stored variants; the content hash makes each upload a new, immutable address. */
export function avatarKeys(userId: string, hash: string) {
  return { large: `images/profilePics/${userId}-${hash}.webp`, small: `images/profilePics/${userId}-${hash}-96.webp` };
}

/**
 * Sets the profile picture (spec 1 §2 'Pick a profile picture'): png, gif, jpeg or jpg only,
 * decided from the bytes; stored as square WebP variants without metadata. The previous
 * picture's files are removed once the new one is saved.
 */
export async function changeProfilePhoto(
  deps: { db: Database; storage: StorageDriver },
  userId: string,
  file: Buffer,
): Promise<UserRow> {
  const { db, storage } = deps;
  const type = detectFileType(file.subarray(0, 64));
  if (!type || !AVATAR_MIMES.has(type.mime)) {
    throw errors.badRequest(PROFILE_MESSAGES.onlyPhotos, 'ONLY_PHOTOS');
  }
  const before = await findUser(db, userId);
  if (!before) throw errors.notFound(PROFILE_MESSAGES.profilePhotoUserMissing, 'USER_NOT_FOUND');

  const image = await processImage(file, { preset: 'avatar' }).catch((error: unknown) => {
    if (error instanceof UnsupportedImageError) throw errors.badRequest(PROFILE_MESSAGES.onlyPhotos, 'ONLY_PHOTOS');
    throw error;
  });
  const keys = avatarKeys(userId, image.hash);
  await storage.put(keys.large, image.variants.large.data, image.variants.large.mime);
  await storage.put(keys.small, image.variants.small.data, image.variants.small.mime);

  const after = await updateImage(db, userId, storage.url(keys.large));
  if (!after) throw errors.notFound(PROFILE_MESSAGES.profilePhotoUserMissing, 'USER_NOT_FOUND');
  if (before.img && before.img !== after.img) await removeAvatarFiles(storage, before.img);
  return after;
}

async function removeAvatarFiles(storage: StorageDriver, url: string): Promise<void> {
  const key = url.slice(url.indexOf('images/profilePics/'));
  if (!key.startsWith('images/profilePics/')) return;
  await storage.delete(key);
  await storage.delete(key.replace(/\.webp$/, '-96.webp'));
}
