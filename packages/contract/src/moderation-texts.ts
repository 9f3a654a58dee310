import { campusTimeZone } from './campus-time-zones.ts';

/**
 * Campus moderation's constants and texts (docs/product/moderation.md), without Zod: every post
 * card's report menu reads them, and a module with schemas would bring Zod into every page of
 * cards (docs/decisions/022-entry-javascript.md). moderation.ts re-exports them with its schemas.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** What can be reported. A comment is a reply to a post (or to another comment). */
export const REPORT_TARGET_TYPES = ['post', 'comment', 'message', 'review', 'user'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** Content a moderator can remove (a person is suspended or banned instead). */
export const REMOVABLE_TARGET_TYPES = ['post', 'comment', 'message', 'review'] as const;

/** The short list of reasons, in the order the report sheet shows them. */
export const REPORT_REASONS = ['scam', 'prohibited', 'harassment', 'spam', 'sexual', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  harassment: 'Harassment or hate',
  spam: 'Spam',
  sexual: 'Sexual content',
  other: 'Something else',
};

/** The moderator's actions. */
export const MODERATION_ACTIONS = ['dismiss', 'remove', 'warn', 'suspend', 'ban', 'restore'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Suspension lengths a moderator picks from, in days. */
export const SUSPENSION_DAYS = [1, 7, 30] as const;

export const MODERATION_LIMITS = {
  /** A reporter's note and a moderator's reason, counted as a post's text is (a line break counts 2). */
  noteMax: 500,
  /** UTF-16 units a note may carry before it is counted. */
  noteMaxUnits: 5000,
  /** Different members whose open reports hide a post, comment, message or review pending review. */
  autoHideReporters: 3,
  /** Groups of the queue per page, and entries of the log per page. */
  queuePerPage: 10,
  logPerPage: 20,
  /** Chat lines shown on each side of a reported message. */
  messageContextLines: 3,
  /** Comments shown on each side of a reported comment, in its thread. */
  commentContextItems: 3,
  dayMs: DAY_MS,
} as const;

export const MODERATION_MESSAGES = {
  // Reporting (the report sheet).
  reportTitle: {
    post: 'Report post',
    comment: 'Report comment',
    message: 'Report message',
    review: 'Report review',
    user: 'Report member',
  } satisfies Record<ReportTargetType, string>,
  reasonLabel: 'Why are you reporting this?',
  noteLabel: 'Anything the moderators should know? (optional)',
  send: 'Send report',
  reported: 'Thanks. The moderators will look at this.',
  noteTooLong: 'Keep it to 500 characters.',
  noteInvalid: "This text can't be saved.",
  reasonRequired: 'Choose a reason.',
  targetNotFound: 'This could not be found. It may have been deleted.',
  cannotReportOwn: "You can't report your own post, comment, message or review.",
  cannotReportSelf: "You can't report yourself.",
  notAMember: 'Only members of this campus can report.',

  // The queue.
  nav: 'Moderation',
  queueTitle: 'Reports',
  logTitle: 'Audit log',
  queueEmptyTitle: 'No open reports',
  queueEmptyBody: 'New reports from members of this campus show up here, oldest first.',
  logEmptyTitle: 'Nothing here yet',
  logEmptyBody: 'Every action a moderator takes is recorded here.',
  reportCount: (n: number) => (n === 1 ? '1 report' : `${n} reports`),
  autoHidden: 'Hidden pending review',
  removed: 'Removed',
  reportedMessage: 'Reported message',
  actionLabels: {
    dismiss: 'Dismiss',
    remove: 'Remove',
    warn: 'Warn',
    suspend: 'Suspend',
    ban: 'Ban',
    restore: 'Restore',
  } satisfies Record<ModerationAction, string>,
  suspendFor: (days: number) => (days === 1 ? '1 day' : `${days} days`),
  actionReasonLabel: 'Reason (the member sees it)',
  actionReasonRequired: 'Write a reason.',
  actionDone: {
    dismiss: 'Reports dismissed.',
    remove: 'Removed. The author was told why.',
    warn: 'Warning sent.',
    suspend: 'Member suspended.',
    ban: 'Member banned.',
    restore: 'Restored.',
  } satisfies Record<ModerationAction, string>,
  // Refusals of an action.
  notRemovable: 'Only a post, comment, message or review can be removed.',
  nothingToRestore: 'There is nothing to restore here.',
  cannotModerateSelf: "You can't act on your own account or content.",
  alreadyBanned: 'This member is already banned.',
  daysRequired: 'Choose 1, 7 or 30 days.',

  // Notifications to the author (type: what the notification says).
  notifyRemoved: (what: string, reason: string) => `A moderator removed your ${what}. Reason: ${reason}`,
  notifyHidden: (what: string) => `Your ${what} is hidden while moderators review reports about it.`,
  notifyWarned: (reason: string) => `A moderator warned you. Reason: ${reason}`,
  notifySuspended: (until: string, reason: string) => `Your account is suspended until ${until}. Reason: ${reason}`,
  targetWords: {
    post: 'post',
    comment: 'comment',
    message: 'message',
    review: 'review',
    user: 'account',
  } satisfies Record<ReportTargetType, string>,

  // The suspension page, and the refusals that lead to it.
  suspendedTitle: 'Your account is suspended',
  suspendedUntil: (until: string) => `You can use Campus Buy / Sell again on ${until}.`,
  suspendedReason: (reason: string) => `Reason: ${reason}`,
  suspendedRefusal: (until: string) => `Your account is suspended until ${until}.`,
  bannedTitle: 'Your account has been banned',
  bannedBody: 'You can no longer use Campus Buy / Sell with this account.',
  contactLine: 'If you think this is a mistake, write to the campus moderators through the Trust & Safety page.',
} as const;

/**
 * A suspension's end as the member reads it, on the campus's clock: 'Dec 4, 2026, 3:30 PM'.
 * `campusSlug` picks the time zone (campusTimeZone).
 */
export function suspensionEndText(until: string | Date, campusSlug = 'ou'): string {
  return new Date(until).toLocaleString('en-US', {
    timeZone: campusTimeZone(campusSlug),
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
