import {
  type AccountBannedEvent,
  type AccountSuspendedEvent,
  type CampusDefinition,
  MODERATION_EVENT_TYPES,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type ModerationActionBody,
  type ModerationActionResponse,
  type ModerationLog,
  type ModerationQueue,
  type ModerationQueueGroup,
  REMOVABLE_TARGET_TYPES,
  suspensionEndText,
} from '@campus/contract';
import { decodeCursor } from '../../lib/cursor.ts';
import { errors } from '../../lib/errors.ts';
import { publishEvent } from '../../lib/events.ts';
import { newId } from '../../lib/ids.ts';
import { pageOf } from '../../lib/page.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { banAccount } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import { announceContent, announceQueueChange } from './moderation.events.ts';
import { moderationPolicy, targetNotFound } from './moderation.policy.ts';
import {
  presentContextItem,
  presentLogEntry,
  presentPerson,
  presentReport,
  presentStanding,
} from './moderation.presenter.ts';
import {
  appendLog,
  type ContentKind,
  type ContextRow,
  closeReports,
  emailOf,
  findTarget,
  insertSuspension,
  isEmailBanned,
  type LogRow,
  liftSuspensions,
  listLog,
  listMessageContext,
  listOpenReportsOf,
  listPeople,
  listPostContext,
  listQueueGroups,
  listReviewContext,
  setModeration,
  type TargetRow,
} from './moderation.repo.ts';
import type { ModerationDeps } from './reports.service.ts';

/**
 * The queue (docs/product/moderation.md#the-queue): open reports grouped by target, oldest first,
 * each with the content and its context. A fixed number of statements per page, whatever its
 * size: the groups, their reports, the context of each kind, and the people named.
 */
export async function moderationQueue(
  deps: ModerationDeps,
  campus: CampusDefinition,
  cursorText: string | undefined,
): Promise<ModerationQueue> {
  const limit = MODERATION_LIMITS.queuePerPage;
  const groups = await listQueueGroups(deps.db, campus.id, decodeCursor(cursorText), limit);
  const keys = groups.map((g) => g.contentId);
  const idsOf = (...kinds: string[]) => groups.filter((g) => kinds.includes(g.kind)).map((g) => g.contentId);
  const [reports, postContext, messageContext, reviewContext] = await Promise.all([
    listOpenReportsOf(deps.db, campus.id, keys),
    listPostContext(deps.db, idsOf('post', 'comment'), MODERATION_LIMITS.commentContextItems),
    listMessageContext(deps.db, idsOf('message'), MODERATION_LIMITS.messageContextLines),
    listReviewContext(deps.db, idsOf('review')),
  ]);
  const personIds = new Set<string>([
    ...groups.map((g) => g.authorId),
    ...reports.map((r) => r.reporterId),
    ...postContext.map((c) => c.authorId),
    ...messageContext.map((c) => c.authorId),
    ...reviewContext.flatMap((c) => [c.authorId, c.subjectId]),
  ]);
  const people = new Map((await listPeople(deps.db, [...personIds])).map((p) => [p.id, p]));
  const url = (key: string) => deps.storage.url(key);
  const person = (id: string) => {
    const row = people.get(id);
    return row
      ? presentPerson(row, url)
      : { id, username: '', firstName: '', lastName: '', img: null, verified: false };
  };
  const now = deps.clock.now();

  const present = (g: (typeof groups)[number]): ModerationQueueGroup => {
    const item = (c: ContextRow) => presentContextItem(c, g.contentId, person, url);
    let content: ModerationQueueGroup['content'] = { type: 'gone' };
    let moderation: ModerationQueueGroup['moderation'] = null;
    if (g.kind === 'post' || g.kind === 'comment') {
      const rows = postContext.filter((c) => c.forId === g.contentId);
      const self = rows.find((c) => c.id === g.contentId);
      if (self) {
        moderation = self.moderation;
        if (g.kind === 'post') content = { type: 'post', post: item(self) };
        else {
          const parentRow = rows.find((c) => c.root);
          content = {
            type: 'comment',
            parent: parentRow ? item(parentRow) : null,
            thread: rows.filter((c) => !c.root).map(item),
          };
        }
      }
    } else if (g.kind === 'message') {
      const rows = messageContext.filter((c) => c.forId === g.contentId);
      const self = rows.find((c) => c.id === g.contentId);
      if (self) {
        moderation = self.moderation;
        content = { type: 'message', chatId: self.chatId, lines: rows.map(item) };
      }
    } else if (g.kind === 'review') {
      const self = reviewContext.find((c) => c.id === g.contentId);
      if (self) {
        moderation = self.moderation;
        content = {
          type: 'review',
          review: { ...item(self), stars: self.stars, subject: person(self.subjectId) },
          listing: self.listingId ? { id: self.listingId, title: (self.listingText ?? '').split('\n')[0] ?? '' } : null,
        };
      }
    } else {
      const row = people.get(g.contentId);
      if (row) {
        content = {
          type: 'user',
          user: { ...presentPerson(row, url), bio: row.bio, createdAt: row.createdAt.toISOString() },
        };
      }
    }
    const authorRow = people.get(g.authorId);
    return {
      target: { type: g.kind, id: g.contentId },
      author: person(g.authorId),
      authorStanding: authorRow ? presentStanding(authorRow, now) : { status: 'good' },
      moderation,
      reportCount: g.count,
      firstReportedAt: g.firstAt.toISOString(),
      reports: reports.filter((r) => r.key === g.contentId).map((r) => presentReport(r, person)),
      content,
    };
  };
  const page = pageOf(groups, limit, (g) => ({ at: g.firstAt, id: g.contentId }));
  return { groups: groups.map(present), nextCursor: page.nextCursor };
}

/** The audit log, newest first (docs/product/moderation.md#audit-log). */
export async function moderationLog(
  deps: ModerationDeps,
  campus: CampusDefinition,
  cursorText: string | undefined,
): Promise<ModerationLog> {
  const limit = MODERATION_LIMITS.logPerPage;
  const rows = await listLog(deps.db, campus.id, decodeCursor(cursorText), limit);
  const ids = new Set<string>(rows.flatMap((r) => [r.moderatorId, ...(r.subjectId ? [r.subjectId] : [])]));
  const people = new Map((await listPeople(deps.db, [...ids])).map((p) => [p.id, p]));
  const url = (key: string) => deps.storage.url(key);
  const page = pageOf(rows, limit, (r) => ({ at: r.createdAt, id: r.id }));
  return { entries: rows.map((r) => presentLogEntry(r as LogRow, people, url)), nextCursor: page.nextCursor };
}

/**
 * A moderator's action (docs/product/moderation.md#actions). The target is read on this campus
 * only; every action needs a reason, closes the target's open reports and is appended to the
 * audit log in the same transaction as its effect. The author is told through a notification.
 */
export async function moderate(
  deps: ModerationDeps,
  moderator: SessionUser,
  campus: CampusDefinition,
  body: ModerationActionBody,
): Promise<ModerationActionResponse> {
  const target = await findTarget(deps.db, campus.id, body.target.type, body.target.id);
  if (!target) throw targetNotFound();
  moderationPolicy.requireNotSelf(target, moderator);
  const now = deps.clock.now();
  const reason = body.reason.trim();
  const days = body.action === 'suspend' ? body.days : null;
  const entry: LogRow = {
    id: newId(),
    campusId: campus.id,
    moderatorId: moderator.id,
    action: body.action,
    targetType: target.kind,
    targetId: target.id,
    subjectId: target.authorId,
    reason,
    days,
    createdAt: now,
  };
  const contentKey = target.id;
  const what = MODERATION_MESSAGES.targetWords[target.kind];
  const told = (type: 'content removed' | 'warning' | 'suspended', message: string) => ({
    campusId: campus.id,
    type,
    toUserId: target.authorId,
    fromUserId: target.authorId,
    postId: target.postId,
    chatId: target.chatId,
    message,
    createdAt: now,
  });

  const bannedEmail = body.action === 'ban' ? await emailOf(deps.db, target.authorId) : undefined;
  if (body.action === 'ban') {
    if (!bannedEmail) throw targetNotFound();
    if (await isEmailBanned(deps.db, bannedEmail)) {
      throw errors.conflict(MODERATION_MESSAGES.alreadyBanned, 'ALREADY_BANNED');
    }
  }

  await deps.db.transaction(async (tx) => {
    switch (body.action) {
      case 'dismiss':
        await closeReports(tx, target.kind, contentKey, 'dismissed', moderator.id, now);
        break;
      case 'remove': {
        if (!(REMOVABLE_TARGET_TYPES as readonly string[]).includes(target.kind)) {
          throw errors.badRequest(MODERATION_MESSAGES.notRemovable, 'NOT_REMOVABLE');
        }
        const content = target as TargetRow & { kind: ContentKind };
        const wasVisible = target.moderation === null;
        await setModeration(tx, content.kind, target.id, 'any', 'removed', now);
        await closeReports(tx, target.kind, contentKey, 'actioned', moderator.id, now);
        if (wasVisible) await announceContent(tx, content, 'hidden');
        await notify(tx, told('content removed', MODERATION_MESSAGES.notifyRemoved(what, reason)));
        break;
      }
      case 'warn':
        await closeReports(tx, target.kind, contentKey, 'actioned', moderator.id, now);
        await notify(tx, told('warning', MODERATION_MESSAGES.notifyWarned(reason)));
        break;
      case 'suspend': {
        const email = await emailOf(tx, target.authorId);
        if (email && (await isEmailBanned(tx, email))) {
          throw errors.conflict(MODERATION_MESSAGES.alreadyBanned, 'ALREADY_BANNED');
        }
        const endsAt = new Date(now.getTime() + body.days * MODERATION_LIMITS.dayMs);
        // A new suspension replaces an open one (its end is the new one's).
        await liftSuspensions(tx, target.authorId, moderator.id, now);
        await insertSuspension(tx, {
          id: newId(),
          campusId: campus.id,
          userId: target.authorId,
          reason,
          startsAt: now,
          endsAt,
          createdBy: moderator.id,
        });
        await closeReports(tx, target.kind, contentKey, 'actioned', moderator.id, now);
        const suspended: AccountSuspendedEvent = { until: endsAt.toISOString(), reason };
        // The notification, then the event that signs the member's open tabs out (their streams end on it).
        await notify(
          tx,
          told('suspended', MODERATION_MESSAGES.notifySuspended(suspensionEndText(endsAt, campus.slug), reason)),
        );
        await publishEvent(tx, {
          campusId: campus.id,
          userId: target.authorId,
          type: MODERATION_EVENT_TYPES.accountSuspended,
          payload: { ...suspended },
        });
        break;
      }
      case 'ban': {
        // The member's open tabs are told first: the event is announced before the ended sessions
        // are (one commit, in this order), and a stream writes the events announced before its
        // session's end, then ends (lib/events.ts), so the tab shows why instead of a sign-out.
        const banned: AccountBannedEvent = { reason };
        await publishEvent(tx, {
          campusId: campus.id,
          userId: target.authorId,
          type: MODERATION_EVENT_TYPES.accountBanned,
          payload: { ...banned },
        });
        // Every session ends; the email and the school email are held.
        await banAccount(tx, bannedEmail as string, reason);
        await closeReports(tx, target.kind, contentKey, 'actioned', moderator.id, now);
        break;
      }
      case 'restore': {
        if (target.kind === 'user') {
          if ((await liftSuspensions(tx, target.id, moderator.id, now)) === 0) {
            throw errors.conflict(MODERATION_MESSAGES.nothingToRestore, 'NOTHING_TO_RESTORE');
          }
          break;
        }
        const content = target as TargetRow & { kind: ContentKind };
        if (target.moderation === null || !(await setModeration(tx, content.kind, target.id, 'any', null, now))) {
          throw errors.conflict(MODERATION_MESSAGES.nothingToRestore, 'NOTHING_TO_RESTORE');
        }
        // The reports that hid it were not upheld.
        await closeReports(tx, target.kind, contentKey, 'dismissed', moderator.id, now);
        await announceContent(tx, content, 'restored');
        break;
      }
    }
    await appendLog(tx, entry);
    // Other moderators' open queues and logs follow.
    await announceQueueChange(tx, campus.id, moderator.id);
  });

  const people = new Map((await listPeople(deps.db, [moderator.id, target.authorId])).map((p) => [p.id, p]));
  return {
    message: MODERATION_MESSAGES.actionDone[body.action],
    entry: presentLogEntry(entry, people, (key) => deps.storage.url(key)),
  };
}
