import { PROFILE_MESSAGES } from '@campus/contract';
import type { Database } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { avatarSmallKey, isOwnAvatarKey } from '../media/keys.ts';
import { storeAvatar } from '../media/media.service.ts';
import { clearImage, findUser, type UserRow, updateImage } from './users.repo.ts';

/**
 * Sets the profile picture (spec 1 §2 'Pick a profile picture'): png, gif, jpeg or jpg only,
 * decided from the bytes (the route checks them as they stream in); stored as square WebP
 * variants without metadata under the owner's own folder, `images/profilePics/{userId}/`.
 * `users.img` holds the storage key — never a URL — and only this function writes it. The
 * previous picture's files are removed once the new one is saved, and only when they are under
 * the owner's own folder: whatever `img` held, no one else's file is ever deleted.
 *
 * `file` is the upload on disk (or, for the demo seed, the bytes).
 */
export async function changeProfilePhoto(
  deps: { db: Database; storage: StorageDriver },
  userId: string,
  file: string | Buffer,
): Promise<UserRow> {
  const { db, storage } = deps;
  const before = await findUser(db, userId);
  if (!before) throw errors.notFound(PROFILE_MESSAGES.profilePhotoUserMissing, 'USER_NOT_FOUND');

  const key = await storeAvatar(storage, userId, file);
  const after = await updateImage(db, userId, key);
  if (!after) throw errors.notFound(PROFILE_MESSAGES.profilePhotoUserMissing, 'USER_NOT_FOUND');
  if (before.img && before.img !== key && isOwnAvatarKey(userId, before.img)) {
    await storage.delete(before.img);
    await storage.delete(avatarSmallKey(before.img));
  }
  return after;
}

/**
 * Removes the profile picture ('Removing photo...' on /profile/edit): `img` becomes empty and
 * the profile is no longer set up; the old files go only when they are under the owner's own
 * folder, like on a replacement. Removing when there is no picture changes nothing else.
 */
export async function removeProfilePhoto(
  deps: { db: Database; storage: StorageDriver },
  userId: string,
): Promise<UserRow> {
  const { db, storage } = deps;
  const before = await findUser(db, userId);
  if (!before) throw errors.notFound(PROFILE_MESSAGES.profilePhotoUserMissing, 'USER_NOT_FOUND');
  if (!before.img) return before;
  const after = await clearImage(db, userId);
  if (!after) throw errors.notFound(PROFILE_MESSAGES.profilePhotoUserMissing, 'USER_NOT_FOUND');
  if (isOwnAvatarKey(userId, before.img)) {
    await storage.delete(before.img);
    await storage.delete(avatarSmallKey(before.img));
  }
  return after;
}
