/**
 * The notifications module's face: other modules notify inside their own transaction, refresh a
 * user's badges, and clear a chat's or a blocked pair's notifications.
 */

export {
  claimPendingPushes,
  lockPendingMailGroups,
  markMailClaimed,
  type PendingMailRow,
} from './mail-queue.ts';
export { presentUserSummary } from './notifications.presenter.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export {
  deleteNotificationsBetween,
  markChatRead,
  notify,
  publishUnreadCounts,
} from './notifications.service.ts';
