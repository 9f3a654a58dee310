import type { DbOrTx } from '../../db/client.ts';
import * as repo from './notifications.repo.ts';

export type { PendingMailRow } from './notifications.repo.ts';

/*
 * The notification mail job's side of notifications (jobs/notification-mail.ts, decision 015):
 * the groups waiting to be mailed, locked for this pass, and the rows it mailed.
 */

/** The groups due for mail, their rows locked in the caller's transaction. */
export const lockPendingMailGroups = (
  tx: DbOrTx,
  options: Parameters<typeof repo.lockPendingMailGroups>[1],
): Promise<repo.PendingMailRow[]> => repo.lockPendingMailGroups(tx, options);

/** Marks the rows claimed by this pass (and which of them went out in a mail). */
export const markMailClaimed = (tx: DbOrTx, ids: string[], mailedIds: string[], at: Date): Promise<void> =>
  repo.markMailClaimed(tx, ids, mailedIds, at);

/*
 * The push job's side (jobs/push.ts, decision 041): the notifications waiting to be pushed,
 * taken out of the queue in the caller's transaction.
 */
export const claimPendingPushes = (tx: DbOrTx, limit: number): Promise<repo.PushClaimRow[]> =>
  repo.claimPendingPushes(tx, limit);
