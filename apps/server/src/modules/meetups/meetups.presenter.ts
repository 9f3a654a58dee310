import {
  type CampusDefinition,
  campusTimeZone,
  findMeetupSpot,
  MEETUP_PINNED_AFTER_START_MS,
  type Meetup,
  type MeetupStatus,
} from '@campus/contract';
import type { MeetupRow } from './meetups.repo.ts';

/**
 * 'Passed' is read here on the app clock, never stored (docs/decisions/038-meetups-and-scam-warnings.md):
 * an open suggestion once its time has come, an accepted one an hour after it.
 */
function meetupStatusAt(row: MeetupRow, now: Date): MeetupStatus {
  const start = row.startsAt.getTime();
  if (row.status === 'open' && start <= now.getTime()) return 'passed';
  if (row.status === 'accepted' && start + MEETUP_PINNED_AFTER_START_MS <= now.getTime()) return 'passed';
  return row.status;
}

export function presentMeetup(row: MeetupRow, campus: CampusDefinition, viewerId: string, now: Date): Meetup {
  const status = meetupStatusAt(row, now);
  // A spot is never removed from the list, only renamed; should one go, its card keeps its id.
  const spot = findMeetupSpot(campus.slug, row.spotId) ?? {
    id: row.spotId,
    name: 'Meet-up spot',
    description: '',
    hours: '',
  };
  return {
    id: row.id,
    chatId: row.chatId,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    spot,
    startsAt: row.startsAt.toISOString(),
    timeZone: campusTimeZone(campus.slug),
    status,
    canAnswer: status === 'open' && row.toUserId === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}
