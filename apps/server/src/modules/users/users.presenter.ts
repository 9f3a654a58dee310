import type { Viewer } from '@campus/contract';
import type { users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

/** Avatar variants are stored next to each other: `{key}` (400 px) and `{key}` with `-96`. */
export function avatarUrls(img: string | null): { img: string | null; imgSmall: string | null } {
  if (!img) return { img: null, imgSmall: null };
  return { img, imgSmall: img.replace(/\.webp$/, '-96.webp') };
}

/** The viewer's own account: the only presenter that includes their email address. */
export function presentViewer(user: UserRow): Viewer {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    email: user.email,
    ...avatarUrls(user.img),
    bio: user.bio,
    verified: user.verified,
    schoolVerified: user.schoolVerified,
    schoolEmail: user.schoolEmail,
    campusId: user.campusId,
    profileSetUp: user.profileSetUp,
    createdAt: user.createdAt.toISOString(),
  };
}
