import type { ModerationAction, ReportTargetType } from './moderation.ts';

/**
 * The web's own words around moderation (docs/product/moderation.md) that the API never sends:
 * the report sheet's states, the /moderation page's furniture and the suspension page's dates.
 * The API's texts stay in moderation.ts.
 */
export const MODERATION_SCREEN_TEXTS = {
  /** The Report action's label (post page, comment, review, card and message menus). */
  report: 'Report',
  reportHint: 'Moderators of your campus will look at it. They won’t be told who reported it.',
  notePlaceholder: 'Add a note',
  sending: 'Sending…',
  done: 'Done',
  alreadyReported: 'You already reported this. The moderators will look at it.',
  cardOptions: 'Post options',
  messageOptions: 'Message options',

  // /moderation
  loadFailed: 'We couldn’t load the reports. Check your connection and try again.',
  logLoadFailed: 'We couldn’t load the audit log. Check your connection and try again.',
  loadMore: 'Show more',
  firstReported: (when: string) => `First reported ${when}`,
  reportedBy: (name: string) => `Reported by ${name}`,
  reporterNote: 'Note',
  contentGone: 'The author deleted this before anyone acted on it.',
  openPost: 'Open post',
  inThread: 'In the thread of',
  inChat: 'Chat lines around the reported message',
  reviewOf: (name: string, title: string | null) => (title ? `Review of ${name} · ${title}` : `Review of ${name}`),
  memberSince: (when: string) => `Member since ${when}`,
  standingGood: 'In good standing',
  standingSuspended: (until: string) => `Suspended until ${until}`,
  standingBanned: 'Banned',
  actionsLabel: (name: string) => `Actions for ${name}`,
  suspendLabel: 'Suspend for',
  confirmTitle: {
    dismiss: 'Dismiss these reports?',
    remove: 'Remove this?',
    warn: (name: string) => `Warn ${name}?`,
    suspend: (name: string, days: string) => `Suspend ${name} for ${days}?`,
    ban: (name: string) => `Ban ${name}?`,
    restore: 'Restore this?',
  },
  confirmBody: {
    dismiss: 'The reports are closed. Anything hidden stays hidden until you restore it.',
    remove: 'It leaves every feed and chat at once. Its author is told why.',
    warn: 'They get a notification with your reason.',
    suspend: 'They are signed out at once and can’t use the campus until the suspension ends.',
    ban: 'They are signed out at once, for good. Their school email can’t be used again.',
    restore: 'It shows again wherever it was.',
    restoreMember: 'Their suspension ends now.',
  },
  cancel: 'Cancel',
  acting: 'Working…',
  // The audit log
  logAction: {
    dismiss: 'dismissed reports about',
    remove: 'removed',
    warn: 'warned',
    suspend: 'suspended',
    ban: 'banned',
    restore: 'restored',
  } satisfies Record<ModerationAction, string>,
  logTarget: {
    post: 'a post',
    comment: 'a comment',
    message: 'a message',
    review: 'a review',
    user: 'a member',
  } satisfies Record<ReportTargetType, string>,
  logBy: (name: string) => `by ${name}`,
  logReason: (reason: string) => `Reason: ${reason}`,

  // The suspension page
  signOut: 'Sign out',
  signingOut: 'Signing out…',
} as const;
