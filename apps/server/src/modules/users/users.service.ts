import { PROFILE_MESSAGES } from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { errors } from '../../lib/errors.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { avatarSmallKey, isOwnAvatarKey, storeAvatar } from '../media/index.ts';
import { clearImage, type UserRow, updateBio, updateImage, updateUser, userById, usersByEmail } from './users.repo.ts';

export type { UserRow } from './users.repo.ts';

/** An account by id (undefined when there is none). */
export function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return userById(db, id);
}

/** The accounts holding these emails (the demo seed finds its accounts by them). */
export function findUsersByEmail(db: DbOrTx, emails: string[]): Promise<UserRow[]> {
  return usersByEmail(db, emails);
}

/**
 * What entering the emailed sign-up code (`verified`) and Edit Bio do, for the demo seed and
 * tests: a seeded account needs no code. The bio goes through the same statement as Edit Bio,
 * so profileSetUp stays true to its rule.
 */
export async function markEmailVerifiedWithBio(
  db: Database,
  userId: string,
  values: { verified: boolean; bio?: string },
): Promise<void> {
  if (values.verified) await updateUser(db, userId, { verified: true });
  if (values.bio) await updateBio(db, userId, values.bio);
}

/** Edit Bio (profile set-up step 2): the profile is set up once it has a picture too. */
export async function updateOwnBio(db: Database, userId: string, bio: string): Promise<UserRow> {
  const user = await updateBio(db, userId, bio);
  if (!user) throw errors.notFound(PROFILE_MESSAGES.editBioFailed, 'USER_NOT_FOUND');
  return user;
}

/**
 * Sets the profile picture (docs/product/profiles.md#profile-set-up): png, gif, jpeg or jpg only,
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
