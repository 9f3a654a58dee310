import type { Viewer } from '@campus/contract';
import type { users } from '../../db/schema/index.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { avatarSmallKey, isOwnAvatarKey } from '../media/index.ts';

type UserRow = typeof users.$inferSelect;

/**
 * The picture's URLs (400 px and 96 px) from the stored key, through the storage driver. A
 * value that is not a key in the user's own folder is never turned into a URL.
 */
export function avatarUrls(
  user: Pick<UserRow, 'id' | 'img'>,
  storage: Pick<StorageDriver, 'url'>,
): { img: string | null; imgSmall: string | null } {
  if (!user.img || !isOwnAvatarKey(user.id, user.img)) return { img: null, imgSmall: null };
  return { img: storage.url(user.img), imgSmall: storage.url(avatarSmallKey(user.img)) };
}

/** The columns the viewer's own account shows (a users row, or the session's viewer lookup). */
export type ViewerRow = Pick<
  UserRow,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'username'
  | 'email'
  | 'img'
  | 'bio'
  | 'verified'
  | 'schoolVerified'
  | 'schoolEmail'
  | 'campusId'
  | 'profileSetUp'
  | 'createdAt'
>;

/**
 * The viewer's own account: the only presenter that includes their email address. `moderator`:
 * they moderate the campus of the site (docs/product/moderation.md).
 */
export function presentViewer(user: ViewerRow, storage: Pick<StorageDriver, 'url'>, moderator: boolean): Viewer {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    ...avatarUrls(user, storage),
    bio: user.bio,
    verified: user.verified,
    schoolVerified: user.schoolVerified,
    schoolEmail: user.schoolEmail,
    campusId: user.campusId,
    profileSetUp: user.profileSetUp,
    createdAt: user.createdAt.toISOString(),
    moderator,
  };
}
