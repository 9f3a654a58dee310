import type { ReportTargetType } from './moderation.ts';

/*
 * What the web's entry reads of moderation, apart from its schemas and texts (as meetup-events.ts):
 * the live events (lib/events.ts) and the nav entry's name. Importing moderation.ts there would
 * bring Zod into the entry (decision 022).
 */

/** The moderators' page and its nav entry (docs/product/moderation.md#the-queue). */
export const MODERATION_PAGE_TITLE = 'Moderation';

/**
 * Live events of moderation (decision 039). `contentHidden` is campus-wide (no position): a post,
 * comment, message or review left everyone's view (auto-hidden or removed); open tabs drop it.
 * `contentRestored`: it is back (tabs read it again). `accountSuspended` and `accountBanned` go
 * to that member's own streams only, then they end: the tab signs out and shows the suspension
 * page (for a ban, that it is for good). `queueChanged` goes to the campus's moderators' own
 * streams (through the outbox) when a report is stored or a moderator acts: their open queue and
 * audit log read again (no payload: the queue is read as the moderator may see it).
 */
export const MODERATION_EVENT_TYPES = {
  contentHidden: 'moderation.hidden',
  contentRestored: 'moderation.restored',
  queueChanged: 'moderation.queue',
  accountSuspended: 'account.suspended',
  accountBanned: 'account.banned',
} as const;

/** Payload of contentHidden / contentRestored. `postId`: the post the content belongs to, if any. */
export interface ModerationContentEvent {
  targetType: Exclude<ReportTargetType, 'user'>;
  id: string;
  postId: string | null;
  chatId: string | null;
}
/** Payload of accountSuspended. */
export interface AccountSuspendedEvent {
  until: string;
  reason: string;
}
/** Payload of accountBanned. */
export interface AccountBannedEvent {
  reason: string;
}
