import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bannedEmails,
  campusModerators,
  memberSuspensions,
  messages,
  moderationLog,
  posts,
  reviews,
  userReports,
  users,
} from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';

/** What a report or an action names, as stored: `kind` is the row's own (a post id sent as a comment is a post). */
type TargetKind = 'user' | 'post' | 'comment' | 'message' | 'review';
export type ContentKind = Exclude<TargetKind, 'user'>;
type ModerationState = 'hidden' | 'removed' | null;

/** A reported or acted-on thing on one campus: who is answerable for it, and where it lives. */
export interface TargetRow {
  kind: TargetKind;
  id: string;
  campusId: string;
  /** The content's author, or the person. */
  authorId: string;
  moderation: ModerationState;
  /** The top post of a post or comment (the post itself for a post); null otherwise. */
  postId: string | null;
  chatId: string | null;
  /** A message's chat members (a reporter must be one of them). */
  chatMembers: string[];
}

const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

// ————— moderators —————

export async function isModerator(db: DbOrTx, userId: string, campusId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: campusModerators.userId })
    .from(campusModerators)
    .where(and(eq(campusModerators.userId, userId), eq(campusModerators.campusId, campusId)))
    .limit(1);
  return rows.length > 0;
}

/** The user ids of the campus's moderators (told live when its queue changes). */
export async function moderatorIdsOf(db: DbOrTx, campusId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: campusModerators.userId })
    .from(campusModerators)
    .where(eq(campusModerators.campusId, campusId));
  return rows.map((r) => r.userId);
}

/** A member of `campusId` by sign-in or school email (the moderators command). */
export async function findMemberByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ id: string; email: string; campusId: string | null; schoolVerified: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, campusId: users.campusId, schoolVerified: users.schoolVerified })
    .from(users)
    .where(sql`${users.email} = ${email} OR ${users.schoolEmail} = ${email}`)
    .limit(1);
  return row;
}

export async function grantModerator(db: DbOrTx, userId: string, campusId: string, grantedBy: string, at: Date) {
  const rows = await db
    .insert(campusModerators)
    .values({ userId, campusId, grantedBy, grantedAt: at })
    .onConflictDoNothing()
    .returning({ userId: campusModerators.userId });
  return rows.length > 0;
}

export async function revokeModerator(db: DbOrTx, userId: string, campusId: string): Promise<boolean> {
  const rows = await db
    .delete(campusModerators)
    .where(and(eq(campusModerators.userId, userId), eq(campusModerators.campusId, campusId)))
    .returning({ userId: campusModerators.userId });
  return rows.length > 0;
}

export async function listModerators(db: DbOrTx, campusId: string | undefined) {
  return db
    .select({
      email: users.email,
      username: users.username,
      campusId: campusModerators.campusId,
      grantedAt: campusModerators.grantedAt,
      grantedBy: campusModerators.grantedBy,
    })
    .from(campusModerators)
    .innerJoin(users, eq(users.id, campusModerators.userId))
    .where(campusId ? eq(campusModerators.campusId, campusId) : undefined)
    .orderBy(campusModerators.campusId, campusModerators.grantedAt);
}

// ————— targets —————

/** A post, comment, message, review or person of this campus by id, or undefined. */
export async function findTarget(
  db: DbOrTx,
  campusId: string,
  type: TargetKind,
  id: string,
): Promise<TargetRow | undefined> {
  if (type === 'post' || type === 'comment') {
    const [row] = await db
      .select({
        id: posts.id,
        campusId: posts.campusId,
        authorId: posts.userId,
        moderation: posts.moderation,
        parent: posts.postCommentedOn,
        rootId: posts.rootId,
      })
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.campusId, campusId)))
      .limit(1);
    if (!row) return undefined;
    return {
      kind: row.parent ? 'comment' : 'post',
      id: row.id,
      campusId: row.campusId,
      authorId: row.authorId,
      moderation: row.moderation ?? null,
      postId: row.parent ? (row.rootId ?? row.parent) : row.id,
      chatId: null,
      chatMembers: [],
    };
  }
  if (type === 'message') {
    const rows = await db.execute<{
      id: string;
      campus_id: string;
      sender_id: string;
      moderation: ModerationState;
      chat_id: string;
      user_a: string;
      user_b: string;
    }>(sql`SELECT m.id, m.campus_id, m.sender_id, m.moderation, m.chat_id, c.user_a, c.user_b
      FROM messages m JOIN chats c ON c.id = m.chat_id
      WHERE m.id = ${id} AND m.campus_id = ${campusId} LIMIT 1`);
    const row = rows.rows[0];
    if (!row) return undefined;
    return {
      kind: 'message',
      id: row.id,
      campusId: row.campus_id,
      authorId: row.sender_id,
      moderation: row.moderation ?? null,
      postId: null,
      chatId: row.chat_id,
      chatMembers: [row.user_a, row.user_b],
    };
  }
  if (type === 'review') {
    const [row] = await db
      .select({
        id: reviews.id,
        campusId: reviews.campusId,
        authorId: reviews.authorId,
        moderation: reviews.moderation,
      })
      .from(reviews)
      .where(and(eq(reviews.id, id), eq(reviews.campusId, campusId)))
      .limit(1);
    if (!row) return undefined;
    return { ...row, kind: 'review', moderation: row.moderation ?? null, postId: null, chatId: null, chatMembers: [] };
  }
  const [row] = await db
    .select({ id: users.id, campusId: users.campusId })
    .from(users)
    .where(and(eq(users.id, id), eq(users.campusId, campusId), eq(users.schoolVerified, true)))
    .limit(1);
  if (!row?.campusId) return undefined;
  return {
    kind: 'user',
    id: row.id,
    campusId: row.campusId,
    authorId: row.id,
    moderation: null,
    postId: null,
    chatId: null,
    chatMembers: [],
  };
}

// ————— reports —————

interface NewReport {
  id: string;
  campusId: string;
  reporterId: string;
  targetId: string;
  kind: TargetKind;
  contentId: string | null;
  category: string;
  reason: string | null;
  createdAt: Date;
}

const contentColumns = (kind: TargetKind, contentId: string | null) => ({
  postId: kind === 'post' || kind === 'comment' ? contentId : null,
  messageId: kind === 'message' ? contentId : null,
  reviewId: kind === 'review' ? contentId : null,
});

/**
 * Stores a report unless this reporter already reported the target (the partial unique indexes
 * decide): answers the stored report's id and whether it is new. Never a duplicate.
 */
export async function insertReport(db: DbOrTx, report: NewReport): Promise<{ id: string; created: boolean }> {
  const { contentId, ...rest } = report;
  const inserted = await db
    .insert(userReports)
    .values({ ...rest, ...contentColumns(report.kind, contentId) })
    .onConflictDoNothing()
    .returning({ id: userReports.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [existing] = await db
    .select({ id: userReports.id })
    .from(userReports)
    .where(
      and(eq(userReports.reporterId, report.reporterId), reportsOfTarget(report.kind, contentId ?? report.targetId)),
    )
    .limit(1);
  return { id: existing?.id ?? report.id, created: false };
}

/** The reports of one target: a person's own reports (kind 'user'), or the content's. */
function reportsOfTarget(kind: TargetKind, id: string) {
  if (kind === 'user') return and(eq(userReports.kind, 'user'), eq(userReports.targetId, id));
  if (kind === 'message') return eq(userReports.messageId, id);
  if (kind === 'review') return eq(userReports.reviewId, id);
  return eq(userReports.postId, id);
}

/** Different members with an open report of this content. */
export async function countOpenReporters(db: DbOrTx, kind: ContentKind, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(DISTINCT ${userReports.reporterId})::int` })
    .from(userReports)
    .where(and(reportsOfTarget(kind, id), eq(userReports.status, 'open')));
  return row?.n ?? 0;
}

/** Closes the target's open reports ('dismissed' or 'actioned'); how many. */
export async function closeReports(
  db: DbOrTx,
  kind: TargetKind,
  id: string,
  status: 'dismissed' | 'actioned',
  by: string,
  at: Date,
): Promise<number> {
  const rows = await db
    .update(userReports)
    .set({ status, resolvedAt: at, resolvedBy: by })
    .where(and(reportsOfTarget(kind, id), eq(userReports.status, 'open')))
    .returning({ id: userReports.id });
  return rows.length;
}

// ————— content state —————

const contentTable = (kind: ContentKind) => (kind === 'message' ? messages : kind === 'review' ? reviews : posts);

/**
 * Sets the content's moderation state when it is `from` (null: visible); answers whether it
 * changed (the row's own check makes a second auto-hide a no-op).
 */
export async function setModeration(
  db: DbOrTx,
  kind: ContentKind,
  id: string,
  from: ModerationState | 'any',
  to: ModerationState,
  at: Date,
): Promise<boolean> {
  const table = contentTable(kind);
  const stateIs = from === 'any' ? undefined : from === null ? isNull(table.moderation) : eq(table.moderation, from);
  const rows = await db
    .update(table)
    .set({ moderation: to, moderatedAt: to ? at : null })
    .where(and(eq(table.id, id), stateIs))
    .returning({ id: table.id });
  return rows.length > 0;
}

// ————— suspensions and bans —————

/** Lifts the member's open suspensions (restore, or a new suspension replacing one); how many. */
export async function liftSuspensions(db: DbOrTx, userId: string, by: string, at: Date): Promise<number> {
  const rows = await db
    .update(memberSuspensions)
    .set({ liftedAt: at, liftedBy: by })
    .where(
      and(
        eq(memberSuspensions.userId, userId),
        isNull(memberSuspensions.liftedAt),
        sql`${memberSuspensions.endsAt} > ${at}`,
      ),
    )
    .returning({ id: memberSuspensions.id });
  return rows.length;
}

export async function insertSuspension(
  db: DbOrTx,
  s: { id: string; campusId: string; userId: string; reason: string; startsAt: Date; endsAt: Date; createdBy: string },
): Promise<void> {
  await db.insert(memberSuspensions).values(s);
}

export async function emailOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email;
}

export async function isEmailBanned(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.select({ email: bannedEmails.email }).from(bannedEmails).where(eq(bannedEmails.email, email));
  return rows.length > 0;
}

// ————— audit log —————

export interface LogRow {
  id: string;
  campusId: string;
  moderatorId: string;
  action: 'dismiss' | 'remove' | 'warn' | 'suspend' | 'ban' | 'restore';
  targetType: TargetKind;
  targetId: string;
  subjectId: string | null;
  reason: string;
  days: number | null;
  createdAt: Date;
}

export async function appendLog(db: DbOrTx, entry: LogRow): Promise<void> {
  await db.insert(moderationLog).values(entry);
}

/** The campus's log, newest first, keyset (created_at, id). */
export async function listLog(db: DbOrTx, campusId: string, cursor: Cursor | undefined, limit: number) {
  return db
    .select()
    .from(moderationLog)
    .where(
      and(
        eq(moderationLog.campusId, campusId),
        cursor ? sql`(${moderationLog.createdAt}, ${moderationLog.id}) < (${cursor.at}, ${cursor.id})` : undefined,
      ),
    )
    .orderBy(sql`${moderationLog.createdAt} DESC, ${moderationLog.id} DESC`)
    .limit(limit);
}

// ————— the queue (a fixed number of statements per page) —————

interface QueueGroupRow {
  kind: TargetKind;
  contentId: string;
  authorId: string;
  firstAt: Date;
  count: number;
}

/** The group key of a report: the content's id, or the person's for a report of a person. */
const GROUP_KEY = sql`coalesce(r.post_id, r.message_id, r.review_id, r.target_id)`;

/** Open reports grouped by target, oldest first (by the group's first report), keyset (first_at, key). */
export async function listQueueGroups(
  db: DbOrTx,
  campusId: string,
  cursor: Cursor | undefined,
  limit: number,
): Promise<QueueGroupRow[]> {
  const rows = await db.execute<{ kind: TargetKind; key: string; author: string; first_at: unknown; n: number }>(sql`
    SELECT min(r.kind) AS kind, ${GROUP_KEY} AS key, min(r.target_id) AS author,
      min(r.created_at) AS first_at, count(*)::int AS n
    FROM user_reports r
    WHERE r.campus_id = ${campusId} AND r.status = 'open'
    GROUP BY ${GROUP_KEY}
    ${cursor ? sql`HAVING (min(r.created_at), ${GROUP_KEY}) > (${cursor.at}, ${cursor.id})` : sql``}
    ORDER BY min(r.created_at), ${GROUP_KEY}
    LIMIT ${limit}`);
  return rows.rows.map((r) => ({
    kind: r.kind,
    contentId: r.key,
    authorId: r.author,
    firstAt: toDate(r.first_at),
    count: r.n,
  }));
}

export interface QueueReportRow {
  id: string;
  key: string;
  reporterId: string;
  category: string;
  reason: string | null;
  createdAt: Date;
}

export async function listOpenReportsOf(db: DbOrTx, campusId: string, keys: string[]): Promise<QueueReportRow[]> {
  if (keys.length === 0) return [];
  const rows = await db.execute<{
    id: string;
    key: string;
    reporter_id: string;
    category: string;
    reason: string | null;
    created_at: unknown;
  }>(sql`SELECT r.id, ${GROUP_KEY} AS key, r.reporter_id, r.category, r.reason, r.created_at
    FROM user_reports r
    WHERE r.campus_id = ${campusId} AND r.status = 'open' AND ${GROUP_KEY} IN ${keys}
    ORDER BY r.created_at, r.id`);
  return rows.rows.map((r) => ({
    id: r.id,
    key: r.key,
    reporterId: r.reporter_id,
    category: r.category,
    reason: r.reason,
    createdAt: toDate(r.created_at),
  }));
}

export interface PersonRow {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  img: string | null;
  verified: boolean;
  bio: string | null;
  createdAt: Date;
  /** The open suspension's end and reason, if any (compared with the app clock by the caller). */
  suspendedUntil: Date | null;
  suspensionReason: string | null;
  banned: boolean;
  banReason: string | null;
}

/** People by id with their standing (open suspension, ban): one statement. */
export async function listPeople(db: DbOrTx, ids: string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<{
    id: string;
    username: string;
    first_name: string;
    last_name: string;
    img: string | null;
    verified: boolean;
    bio: string | null;
    created_at: unknown;
    suspended_until: unknown;
    suspension_reason: string | null;
    banned: boolean;
    ban_reason: string | null;
  }>(sql`SELECT u.id, u.username::text AS username, u.first_name, u.last_name, u.img, u.verified, u.bio, u.created_at,
      s.ends_at AS suspended_until, s.reason AS suspension_reason,
      (b.email IS NOT NULL) AS banned, b.reason AS ban_reason
    FROM users u
    LEFT JOIN LATERAL (SELECT x.ends_at, x.reason FROM member_suspensions x
      WHERE x.user_id = u.id AND x.lifted_at IS NULL ORDER BY x.ends_at DESC LIMIT 1) s ON true
    LEFT JOIN banned_emails b ON b.email = u.email
    WHERE u.id IN ${ids}`);
  return rows.rows.map((r) => ({
    id: r.id,
    username: r.username,
    firstName: r.first_name,
    lastName: r.last_name,
    img: r.img,
    verified: r.verified,
    bio: r.bio,
    createdAt: toDate(r.created_at),
    suspendedUntil: r.suspended_until ? toDate(r.suspended_until) : null,
    suspensionReason: r.suspension_reason,
    banned: r.banned,
    banReason: r.ban_reason,
  }));
}

export interface ContextRow {
  /** The reported item this row is context for. */
  forId: string;
  id: string;
  authorId: string;
  plainText: string;
  createdAt: Date;
  moderation: ModerationState;
  /** Photo storage keys (feed size). */
  photoKeys: string[];
}

/** Reported posts and comments, each with its top post and up to `around` comments each side in the thread. */
export async function listPostContext(
  db: DbOrTx,
  ids: string[],
  around: number,
): Promise<(ContextRow & { root: boolean })[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<{
    for_id: string;
    role: 'self' | 'root' | 'near';
    id: string;
    user_id: string;
    plain_text: string;
    created_at: unknown;
    moderation: ModerationState;
    photo_keys: string[] | null;
  }>(sql`WITH t AS (SELECT id, root_id, post_commented_on, created_at FROM posts WHERE id IN ${ids}),
    picked AS (
      SELECT t.id AS for_id, t.id, 'self' AS role FROM t
      UNION ALL SELECT t.id, t.root_id, 'root' FROM t WHERE t.post_commented_on IS NOT NULL AND t.root_id IS NOT NULL
      UNION ALL SELECT t.id, b.id, 'near' FROM t CROSS JOIN LATERAL (SELECT p.id FROM posts p
        WHERE t.post_commented_on IS NOT NULL AND p.root_id = t.root_id AND (p.created_at, p.id) < (t.created_at, t.id)
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${around}) b
      UNION ALL SELECT t.id, a.id, 'near' FROM t CROSS JOIN LATERAL (SELECT p.id FROM posts p
        WHERE t.post_commented_on IS NOT NULL AND p.root_id = t.root_id AND (p.created_at, p.id) > (t.created_at, t.id)
        ORDER BY p.created_at, p.id LIMIT ${around}) a
    )
    SELECT picked.for_id, picked.role, p.id, p.user_id, p.plain_text, p.created_at, p.moderation,
      (SELECT array_agg(m.feed_path ORDER BY m.img_order) FROM post_media m WHERE m.post_id = p.id AND m.kind = 'image') AS photo_keys
    FROM picked JOIN posts p ON p.id = picked.id
    ORDER BY picked.for_id, p.created_at, p.id`);
  return rows.rows.map((r) => ({
    forId: r.for_id,
    root: r.role === 'root',
    id: r.id,
    authorId: r.user_id,
    plainText: r.plain_text,
    createdAt: toDate(r.created_at),
    moderation: r.moderation ?? null,
    photoKeys: r.photo_keys ?? [],
  }));
}

/** Reported messages, each with up to `around` lines each side in its chat. */
export async function listMessageContext(
  db: DbOrTx,
  ids: string[],
  around: number,
): Promise<(ContextRow & { chatId: string })[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<{
    for_id: string;
    id: string;
    chat_id: string;
    sender_id: string;
    plain_text: string;
    created_at: unknown;
    moderation: ModerationState;
    photo_feed_path: string | null;
  }>(sql`WITH t AS (SELECT id, chat_id, created_at FROM messages WHERE id IN ${ids}),
    picked AS (
      SELECT t.id AS for_id, t.id FROM t
      UNION ALL SELECT t.id, b.id FROM t CROSS JOIN LATERAL (SELECT m.id FROM messages m
        WHERE m.chat_id = t.chat_id AND (m.created_at, m.id) < (t.created_at, t.id)
        ORDER BY m.created_at DESC, m.id DESC LIMIT ${around}) b
      UNION ALL SELECT t.id, a.id FROM t CROSS JOIN LATERAL (SELECT m.id FROM messages m
        WHERE m.chat_id = t.chat_id AND (m.created_at, m.id) > (t.created_at, t.id)
        ORDER BY m.created_at, m.id LIMIT ${around}) a
    )
    SELECT picked.for_id, m.id, m.chat_id, m.sender_id, m.plain_text, m.created_at, m.moderation, m.photo_feed_path
    FROM picked JOIN messages m ON m.id = picked.id
    ORDER BY picked.for_id, m.created_at, m.id`);
  return rows.rows.map((r) => ({
    forId: r.for_id,
    id: r.id,
    chatId: r.chat_id,
    authorId: r.sender_id,
    plainText: r.plain_text,
    createdAt: toDate(r.created_at),
    moderation: r.moderation ?? null,
    photoKeys: r.photo_feed_path ? [r.photo_feed_path] : [],
  }));
}

interface ReviewContextRow extends ContextRow {
  stars: number;
  subjectId: string;
  listingId: string | null;
  listingText: string | null;
}

export async function listReviewContext(db: DbOrTx, ids: string[]): Promise<ReviewContextRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.execute<{
    id: string;
    author_id: string;
    subject_id: string;
    stars: number;
    text: string;
    created_at: unknown;
    moderation: ModerationState;
    post_id: string | null;
    plain_text: string | null;
  }>(sql`SELECT r.id, r.author_id, r.subject_id, r.stars, r.text, r.created_at, r.moderation, p.id AS post_id, p.plain_text
    FROM reviews r LEFT JOIN posts p ON p.id = r.post_id
    WHERE r.id IN ${ids}`);
  return rows.rows.map((r) => ({
    forId: r.id,
    id: r.id,
    authorId: r.author_id,
    plainText: r.text,
    createdAt: toDate(r.created_at),
    moderation: r.moderation ?? null,
    photoKeys: [],
    stars: r.stars,
    subjectId: r.subject_id,
    listingId: r.post_id,
    listingText: r.plain_text,
  }));
}

/** Development only (moderation-dev.routes.ts): the member's open suspensions end at `now`. */
export async function elapseSuspensions(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(memberSuspensions)
    .set({
      startsAt: sql`least(${memberSuspensions.startsAt}, ${new Date(now.getTime() - 1000)}::timestamptz)`,
      endsAt: now,
    })
    .where(
      and(
        eq(memberSuspensions.userId, userId),
        isNull(memberSuspensions.liftedAt),
        sql`${memberSuspensions.endsAt} > ${now}`,
      ),
    )
    .returning({ id: memberSuspensions.id });
  return rows.length;
}
