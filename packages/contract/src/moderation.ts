import { z } from 'zod';
import { RowIdSchema } from './chats.ts';
import {
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  REPORT_TARGET_TYPES,
} from './moderation-texts.ts';
import { PostAuthorSchema } from './posts.ts';
import { countPlainText, hasNulCharacter, isBlankText } from './text-length.ts';

export {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type ModerationAction,
  REMOVABLE_TARGET_TYPES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTargetType,
  SUSPENSION_DAYS,
  suspensionEndText,
} from './moderation-texts.ts';

/**
 * Campus moderators (docs/product/moderation.md, docs/decisions/039-campus-moderators.md): members
 * report a post, a comment, a message, a review or a person with a reason from a short list; the
 * campus's moderators work the queue (dismiss, remove, warn, suspend, ban, restore) and every
 * action is kept in an audit log nobody can edit. Every text a person reads here is quoted word
 * for word in the product page.
 */

/** The composer's text rules: no NUL or control characters (line breaks aside), at most 500 counted characters, trimmed. */
const CONTROL_CHARACTERS = /\p{Cc}/u;
const noteText = z
  .string()
  .max(MODERATION_LIMITS.noteMaxUnits, MODERATION_MESSAGES.noteTooLong)
  .refine((t) => !hasNulCharacter(t), MODERATION_MESSAGES.noteInvalid)
  .refine((t) => !CONTROL_CHARACTERS.test(t.replace(/[\r\n\t]/g, ' ')), MODERATION_MESSAGES.noteInvalid)
  .refine((t) => countPlainText(t.trim()) <= MODERATION_LIMITS.noteMax, MODERATION_MESSAGES.noteTooLong)
  .transform((t) => t.trim());

const ReportTargetSchema = z.strictObject({
  type: z.enum(REPORT_TARGET_TYPES),
  /** The post's, comment's, message's or review's id; a person's user id. */
  id: RowIdSchema,
});
export type ReportTarget = z.infer<typeof ReportTargetSchema>;

/** `POST /api/reports`: report something on this campus. */
export const ReportContentBodySchema = z.strictObject({
  target: ReportTargetSchema,
  reason: z.enum(REPORT_REASONS, { error: MODERATION_MESSAGES.reasonRequired }),
  note: noteText.optional(),
});
export type ReportContentBody = z.input<typeof ReportContentBodySchema>;

/** The answer to a report: the stored report (a second report of the same target answers the first one). */
export const ReportContentResponseSchema = z.object({
  message: z.string(),
  reportId: z.string(),
  /** True when this reporter had already reported the target: nothing new was stored. */
  alreadyReported: z.boolean(),
});
export type ReportContentResponse = z.infer<typeof ReportContentResponseSchema>;

/** One reporter's report in a queue group. */
const QueueReportSchema = z.object({
  id: z.string(),
  reporter: PostAuthorSchema,
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  createdAt: z.string(),
});

/** A short piece of content shown as context (a comment in the thread, a chat line). */
const ContextItemSchema = z.object({
  id: z.string(),
  author: PostAuthorSchema,
  plainText: z.string(),
  /** Photo URLs (the feed size). */
  photos: z.array(z.string()),
  createdAt: z.string(),
  /** This is the reported item. */
  reported: z.boolean(),
  /** Hidden or removed by moderation (moderators still see it). */
  moderation: z.enum(['hidden', 'removed']).nullable(),
});
export type ModerationContextItem = z.infer<typeof ContextItemSchema>;

/** The reported content and its context, by type. */
const QueueContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post'), post: ContextItemSchema }),
  z.object({
    type: z.literal('comment'),
    /** The thread's top post. */
    parent: ContextItemSchema.nullable(),
    /** The comment and up to 3 comments on each side of it in the thread, oldest first. */
    thread: z.array(ContextItemSchema),
  }),
  z.object({
    type: z.literal('message'),
    chatId: z.string(),
    /** The message and up to 3 lines on each side of it, oldest first. */
    lines: z.array(ContextItemSchema),
  }),
  z.object({
    type: z.literal('review'),
    review: ContextItemSchema.extend({ stars: z.number().int(), subject: PostAuthorSchema }),
    /** The sale: the listing reviewed. */
    listing: z.object({ id: z.string(), title: z.string() }).nullable(),
  }),
  z.object({
    type: z.literal('user'),
    user: PostAuthorSchema.extend({ bio: z.string().nullable(), createdAt: z.string() }),
  }),
  /** The content was deleted by its author (or the person's account is gone). */
  z.object({ type: z.literal('gone') }),
]);
export type ModerationQueueContent = z.infer<typeof QueueContentSchema>;

/** Where the author stands now. */
const StandingSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('good') }),
  z.object({ status: z.literal('suspended'), until: z.string(), reason: z.string() }),
  z.object({ status: z.literal('banned'), reason: z.string().nullable() }),
]);
export type Standing = z.infer<typeof StandingSchema>;

/** One target's open reports. */
const QueueGroupSchema = z.object({
  target: z.object({ type: z.enum(REPORT_TARGET_TYPES), id: z.string() }),
  /** The author of the content, or the reported person. */
  author: PostAuthorSchema,
  authorStanding: StandingSchema,
  /** 'hidden': auto-hidden pending review; 'removed': removed by a moderator; null: visible. */
  moderation: z.enum(['hidden', 'removed']).nullable(),
  reportCount: z.number().int(),
  firstReportedAt: z.string(),
  reports: z.array(QueueReportSchema),
  /** `{ type: 'gone' }` when the content was deleted by its author. */
  content: QueueContentSchema,
});
export type ModerationQueueGroup = z.infer<typeof QueueGroupSchema>;

export const ModerationQueueQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/** `GET /api/moderation/queue`: open reports grouped by target, oldest first, keyset paged. */
export const ModerationQueueSchema = z.object({
  groups: z.array(QueueGroupSchema),
  nextCursor: z.string().nullable(),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

const actionReason = noteText.refine((t) => !isBlankText(t), MODERATION_MESSAGES.actionReasonRequired);

/**
 * `POST /api/moderation/actions`. warn, suspend and ban act on the target's author (or on the
 * reported person); remove needs content; restore undoes a removal or an auto-hide (content), or
 * lifts a suspension (a person); dismiss closes the target's open reports.
 */
export const ModerationActionBodySchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('dismiss'), target: ReportTargetSchema, reason: actionReason }),
  z.strictObject({ action: z.literal('remove'), target: ReportTargetSchema, reason: actionReason }),
  z.strictObject({ action: z.literal('warn'), target: ReportTargetSchema, reason: actionReason }),
  z.strictObject({
    action: z.literal('suspend'),
    target: ReportTargetSchema,
    reason: actionReason,
    days: z.union([z.literal(1), z.literal(7), z.literal(30)], { error: MODERATION_MESSAGES.daysRequired }),
  }),
  z.strictObject({ action: z.literal('ban'), target: ReportTargetSchema, reason: actionReason }),
  z.strictObject({ action: z.literal('restore'), target: ReportTargetSchema, reason: actionReason }),
]);
export type ModerationActionBody = z.input<typeof ModerationActionBodySchema>;

/** One line of the audit log. */
const LogEntrySchema = z.object({
  id: z.string(),
  moderator: PostAuthorSchema,
  action: z.enum(MODERATION_ACTIONS),
  target: z.object({ type: z.enum(REPORT_TARGET_TYPES), id: z.string() }),
  /** The person acted on (the content's author, or the person). */
  subject: PostAuthorSchema.nullable(),
  reason: z.string(),
  /** A suspension's length. */
  days: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ModerationLogEntry = z.infer<typeof LogEntrySchema>;

export const ModerationActionResponseSchema = z.object({ message: z.string(), entry: LogEntrySchema });
export type ModerationActionResponse = z.infer<typeof ModerationActionResponseSchema>;

export const ModerationLogQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export const ModerationLogSchema = z.object({ entries: z.array(LogEntrySchema), nextCursor: z.string().nullable() });
export type ModerationLog = z.infer<typeof ModerationLogSchema>;

/** What `/api/me` says of a session whose member is suspended (viewer is then null). */
export const SuspensionSchema = z.object({ until: z.string(), reason: z.string() });
export type Suspension = z.infer<typeof SuspensionSchema>;
