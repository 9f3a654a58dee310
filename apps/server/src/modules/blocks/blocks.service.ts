import { type CampusDefinition, CHAT_EVENT_TYPES, type ChatUser } from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { publishEvent } from '../../lib/events.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { deleteNotificationsBetween, presentUserSummary, publishUnreadCounts } from '../notifications/index.ts';
import { findUser } from '../users/index.ts';
import { blockPolicy } from './blocks.policy.ts';
import * as repo from './blocks.repo.ts';

export interface BlocksDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
}

/** True when either user has blocked the other: nothing passes between them. */
export const isBlockedEitherWay = (db: DbOrTx, one: string, two: string): Promise<boolean> =>
  repo.isBlockedEitherWay(db, one, two);

/** Everyone the user blocked or was blocked by (few per user). */
export const blockedEitherWay = (db: DbOrTx, userId: string): Promise<Set<string>> => repo.blockedEitherWay(db, userId);

/** Both sides' open chats and searches change with a block. */
async function publishBlockChange(tx: DbOrTx, campusId: string, blockerId: string, blockedId: string) {
  for (const [userId, otherId] of [
    [blockerId, blockedId],
    [blockedId, blockerId],
  ] as const) {
    await publishEvent(tx, { campusId, userId, type: CHAT_EVENT_TYPES.blockChanged, payload: { userId: otherId } });
  }
}

/** Blocks a member of this campus (docs/decisions/015-chats-notifications-blocks.md); blocking twice is the same as once. */
export async function blockUser(
  deps: BlocksDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  userId: string,
): Promise<{ blocked: boolean }> {
  blockPolicy.assertMember(viewer, campus);
  blockPolicy.assertNotSelf(viewer, userId);
  blockPolicy.requireOnCampus(await findUser(deps.db, userId), campus);
  await deps.db.transaction(async (tx) => {
    await repo.insertBlock(tx, {
      campusId: campus.id,
      blockerId: viewer.id,
      blockedId: userId,
      createdAt: deps.clock.now(),
    });
    // Nothing passes between the two any more, and what passed before goes: their notifications
    // about each other (both ways) are deleted with the block, so no badge, list or email shows them.
    if ((await deleteNotificationsBetween(tx, viewer.id, userId)) > 0) {
      await publishUnreadCounts(tx, viewer.id, campus.id);
      await publishUnreadCounts(tx, userId, campus.id);
    }
    await publishBlockChange(tx, campus.id, viewer.id, userId);
  });
  return { blocked: true };
}

export async function unblockUser(
  deps: BlocksDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  userId: string,
): Promise<{ blocked: boolean }> {
  blockPolicy.assertMember(viewer, campus);
  await deps.db.transaction(async (tx) => {
    if ((await repo.deleteBlock(tx, viewer.id, userId)) > 0) {
      await publishBlockChange(tx, campus.id, viewer.id, userId);
    }
  });
  return { blocked: false };
}

export async function listBlockedUsers(
  deps: BlocksDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
): Promise<{ users: ChatUser[] }> {
  blockPolicy.assertMember(viewer, campus);
  const rows = await repo.listBlocked(deps.db, viewer.id, campus.id);
  return { users: rows.map((u) => presentUserSummary(u, (key) => deps.storage.url(key))) };
}
