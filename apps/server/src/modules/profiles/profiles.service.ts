import {
  type CampusDefinition,
  PAGE_SIZES,
  type PostList,
  PROFILE_MESSAGES,
  type ProfileTab,
  type PublicProfile,
} from '@campus/contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { errors } from '../../lib/errors.ts';
import { pageOf } from '../../lib/page.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import {
  type FeedPages,
  type FeedViewer,
  keptOrLoaded,
  type LoadedPage,
  listLikedPosts,
  listProfilePosts,
  type PostWithAuthor,
  presentCards,
  priceDropsEndAt,
} from '../posts/index.ts';
import { profilePolicy } from './profiles.policy.ts';
import { presentProfile } from './profiles.presenter.ts';
import { emailOf, findProfile, type ProfileRow } from './profiles.repo.ts';

export interface ProfilesDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
  /** Profile tabs' pages kept in the process (decision 025). */
  profilePages: FeedPages;
  /**
   * Sends the emailed sign-in link of better-auth to an address, as the given request would
   * (its campus, origin and client address; better-auth's own limits and hooks apply).
   */
  sendSignInLink: (email: string, like: SignInLinkRequest) => Promise<void>;
}

export interface SignInLinkRequest {
  origin: string;
  host: string;
  ip: string;
  /** The asking browser's cookies, and a way to give it the link's binding cookie: the link works in that browser only (auth/link-binding.ts). */
  cookie?: string;
  setCookies?: (cookies: string[]) => void;
}

/**
 * A member of this campus by username, as the viewer may see them (profiles.policy.ts): a
 * missing user, or one of another campus or none, is 'This page doesn’t exist.'.
 */
export async function findProfileOnCampus(
  db: Database,
  viewer: SessionUser,
  campus: CampusDefinition,
  username: string,
): Promise<ProfileRow> {
  return profilePolicy.requireOnCampus(await findProfile(db, username, viewer.id), campus);
}

/** Profile header (docs/product/profiles.md#profile-route): one query. */
export async function getProfile(
  deps: ProfilesDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  username: string,
): Promise<PublicProfile> {
  const row = profilePolicy.requireNotBlockedByOwner(
    profilePolicy.requireOnCampus(await findProfile(deps.db, username, viewer.id), campus),
  );
  return presentProfile(row, viewer.id, deps.storage);
}

/** A profile tab's page, kept in the process like the feeds' pages (decision 025). */
export async function listProfile(
  deps: ProfilesDeps,
  viewerOf: FeedViewer,
  campus: CampusDefinition,
  username: string,
  query: { show: ProfileTab; cursor?: string },
): Promise<PostList> {
  const key = JSON.stringify(['profile', campus.id, username, query.show, query.cursor ?? null]);
  return keptOrLoaded(deps.profilePages, deps.clock, viewerOf, key, (viewer, state) =>
    loadProfileList(deps, viewer, state.hidden, campus, username, query),
  );
}

/**
 * A page of a profile tab, 10 posts (docs/product/profiles.md#profile-lists), in a fixed number of queries whatever the
 * page holds: the profile, the page, its media and the viewer's likes. Someone who blocked the
 * viewer is not found; the lists of someone the viewer blocked are empty; in Likes, posts by someone the viewer blocked (or
 * who blocked the viewer) are left out as in the feed (`blocked`: read with the session).
 */
async function loadProfileList(
  deps: ProfilesDeps,
  viewer: SessionUser,
  blocked: ReadonlySet<string>,
  campus: CampusDefinition,
  username: string,
  query: { show: ProfileTab; cursor?: string },
): Promise<LoadedPage<PostList>> {
  const cursor = decodeCursor(query.cursor);
  const profile = profilePolicy.requireNotBlockedByOwner(
    profilePolicy.requireOnCampus(await findProfile(deps.db, username, viewer.id), campus),
  );
  const alsoShown = [profile.id];
  if (profile.blocked) return { page: { posts: [], nextCursor: null }, hidden: new Set(alsoShown) };
  const limit = PAGE_SIZES.profileLists;

  let rows: PostWithAuthor[];
  let nextCursor: string | null;
  let hidden: ReadonlySet<string> = new Set<string>();
  if (query.show === 'likes') {
    const liked = pageOf(
      await listLikedPosts(deps.db, { userId: profile.id, campusId: campus.id, cursor, limit }),
      limit,
      (r) => ({ at: r.post.lastModified, id: r.post.id }),
    );
    nextCursor = liked.nextCursor;
    rows = liked.rows.filter((r) => !blocked.has(r.author.id));
    hidden = blocked;
  } else {
    const listed = pageOf(
      await listProfilePosts(deps.db, { kind: query.show, userId: profile.id, campusId: campus.id, cursor, limit }),
      limit,
      (r) => ({ at: r.at, id: r.post.id }),
    );
    nextCursor = listed.nextCursor;
    rows = listed.rows;
  }

  const page = { posts: await presentCards(deps, viewer.id, rows), nextCursor };
  return { page, hidden, alsoShown, validUntil: priceDropsEndAt(rows, deps.clock.now().getTime()) };
}

/**
 * 'Claim this account' (docs/product/profiles.md#profile-menu): the emailed sign-in link
 * goes to the account's own address, which the person asking never learns. Whoever can open
 * that inbox signs in with it (the link verifies the email); nobody else gains anything.
 */
export async function claimProfile(
  deps: ProfilesDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  username: string,
  like: SignInLinkRequest,
): Promise<{ sent: true }> {
  const profile = profilePolicy.requireNotBlockedByOwner(
    profilePolicy.requireOnCampus(await findProfile(deps.db, username, viewer.id), campus),
  );
  profilePolicy.requireClaimable(profile, campus);
  const email = await emailOf(deps.db, profile.id);
  if (!email) throw errors.notFound(PROFILE_MESSAGES.notFound, 'USER_NOT_FOUND');
  await deps.sendSignInLink(email, like);
  return { sent: true };
}
