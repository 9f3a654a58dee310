import {
  type ModerationContextItem,
  type ModerationLogEntry,
  type PostAuthor,
  REPORT_REASONS,
  type ReportReason,
  type Standing,
} from '@campus/contract';
import { presentUserSummary } from '../notifications/index.ts';
import type { ContextRow, LogRow, PersonRow, QueueReportRow } from './moderation.repo.ts';

type Url = (key: string) => string;

/** A person as others see them (no email, no school email). */
export function presentPerson(row: PersonRow, url: Url): PostAuthor {
  return presentUserSummary(row, url);
}

/** Where a person stands now on the app clock: an open suspension counts until its end. */
export function presentStanding(row: PersonRow, now: Date): Standing {
  if (row.banned) return { status: 'banned', reason: row.banReason };
  if (row.suspendedUntil && row.suspendedUntil.getTime() > now.getTime()) {
    return { status: 'suspended', until: row.suspendedUntil.toISOString(), reason: row.suspensionReason ?? '' };
  }
  return { status: 'good' };
}

const reasonOf = (category: string): ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(category) ? (category as ReportReason) : 'other';

export function presentReport(row: QueueReportRow, person: (id: string) => PostAuthor) {
  return {
    id: row.id,
    reporter: person(row.reporterId),
    reason: reasonOf(row.category),
    note: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentContextItem(
  row: ContextRow,
  reportedId: string,
  person: (id: string) => PostAuthor,
  url: Url,
): ModerationContextItem {
  return {
    id: row.id,
    author: person(row.authorId),
    plainText: row.plainText,
    photos: row.photoKeys.map(url),
    createdAt: row.createdAt.toISOString(),
    reported: row.id === reportedId,
    moderation: row.moderation,
  };
}

const unknownPerson = (id: string): PostAuthor => ({
  id,
  username: '',
  firstName: '',
  lastName: '',
  img: null,
  verified: false,
});

export function presentLogEntry(row: LogRow, people: Map<string, PersonRow>, url: Url): ModerationLogEntry {
  const person = (id: string) => {
    const found = people.get(id);
    return found ? presentPerson(found, url) : unknownPerson(id);
  };
  return {
    id: row.id,
    moderator: person(row.moderatorId),
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    subject: row.subjectId ? person(row.subjectId) : null,
    reason: row.reason,
    days: row.days,
    createdAt: row.createdAt.toISOString(),
  };
}
