import type { PublicProfile } from '@campus/contract';
import type { StorageDriver } from '../../plugins/storage.ts';
import { avatarUrls } from '../users/index.ts';
import type { ProfileRow } from './profiles.repo.ts';

/**
 * A profile as members of its campus see it: names, @username, picture, bio, joined date,
 * verified marks and post count. Email, phone, gender, birth date and school email are not
 * read from the database for it, let alone sent.
 */
export function presentProfile(
  row: ProfileRow & { blocked: boolean; blockedByViewer: boolean },
  viewerId: string,
  storage: Pick<StorageDriver, 'url'>,
): PublicProfile {
  return {
    id: row.id,
    username: row.username,
    firstName: row.firstName,
    lastName: row.lastName,
    ...avatarUrls(row, storage),
    bio: row.bio,
    createdAt: row.createdAt.toISOString(),
    verified: row.verified,
    schoolVerified: row.schoolVerified,
    // The policy only lets profiles with a campus through.
    campusId: row.campusId ?? '',
    profileSetUp: row.profileSetUp,
    postCount: row.totalPosts,
    isOwn: row.id === viewerId,
    blocked: row.blocked,
    blockedByViewer: row.blockedByViewer,
  };
}
