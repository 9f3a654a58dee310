import {
  addDays,
  type CampusDefinition,
  campusDay,
  campusTimeToInstant,
  campusTimeZone,
  findMeetupSpot,
  MEETUP_MAX_DAYS_AHEAD,
  MEETUP_TEXTS,
  type MeetupSpot,
} from '@campus/contract';
import { errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { MeetupRow } from './meetups.repo.ts';

/**
 * What a meet-up may be and who answers it (docs/product/safety.md#meet-ups). The chat's two
 * participants suggest (the chats policy decides who they are); a spot comes from the campus's
 * list; the time is on the campus clock, not passed and at most 30 days ahead; only the side it
 * was suggested to accepts it, while it is open and its time has not come.
 */
export const meetupPolicy = {
  requireSpot(campus: CampusDefinition, spotId: string): MeetupSpot {
    const spot = findMeetupSpot(campus.slug, spotId);
    if (!spot) throw errors.badRequest(MEETUP_TEXTS.spotUnknown, 'MEETUP_SPOT_UNKNOWN');
    return spot;
  },
  requireTime(campus: CampusDefinition, day: string, time: string, now: Date): Date {
    const zone = campusTimeZone(campus.slug);
    const startsAt = campusTimeToInstant(day, time, zone);
    if (!startsAt) throw errors.badRequest(MEETUP_TEXTS.timeInvalid, 'MEETUP_TIME_INVALID');
    if (startsAt.getTime() <= now.getTime()) throw errors.badRequest(MEETUP_TEXTS.inThePast, 'MEETUP_IN_THE_PAST');
    // Whole campus days: today and the next 30.
    if (day > addDays(campusDay(now, zone), MEETUP_MAX_DAYS_AHEAD)) {
      throw errors.badRequest(MEETUP_TEXTS.tooFar, 'MEETUP_TOO_FAR');
    }
    return startsAt;
  },
  /** The meet-up, if the viewer is one of its two sides on this campus; otherwise as if absent. */
  requireSide(row: MeetupRow | undefined, viewer: SessionUser, campusId: string): MeetupRow {
    if (!row || row.campusId !== campusId || (row.fromUserId !== viewer.id && row.toUserId !== viewer.id)) {
      throw errors.notFound(MEETUP_TEXTS.notFound, 'MEETUP_NOT_FOUND');
    }
    return row;
  },
  assertCanAccept(row: MeetupRow, viewer: SessionUser, now: Date) {
    if (row.fromUserId === viewer.id) throw errors.forbidden(MEETUP_TEXTS.ownSuggestion, 'MEETUP_OWN_SUGGESTION');
    if (row.status !== 'open') throw errors.conflict(MEETUP_TEXTS.answered, 'MEETUP_ANSWERED');
    if (row.startsAt.getTime() <= now.getTime()) throw errors.conflict(MEETUP_TEXTS.passed, 'MEETUP_PASSED');
  },
};
