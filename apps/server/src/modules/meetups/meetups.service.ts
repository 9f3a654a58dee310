import {
  type CampusDefinition,
  CHAT_SERVER_MESSAGES,
  type ChatMeetups,
  campusTimeZone,
  formatMeetupTime,
  MEETUP_EVENT_TYPES,
  MEETUP_PINNED_AFTER_START_MS,
  MEETUP_TEXTS,
  type MeetupResponse,
  type SuggestMeetupBody,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors, isUniqueViolation } from '../../lib/errors.ts';
import { publishEvents } from '../../lib/events.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { otherOf, postMeetupMessage, requireChat, requireProfile } from '../chats/index.ts';
import { meetupPolicy } from './meetups.policy.ts';
import { presentMeetup } from './meetups.presenter.ts';
import * as repo from './meetups.repo.ts';

/*
 * Meet-ups in a chat (docs/product/safety.md#meet-ups): either side suggests one of the campus's
 * safe spots at a day and time, which replaces the chat's open suggestion; the other side accepts
 * it; an accepted one is pinned at the top of the chat until it has passed.
 */

export interface MeetupsDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** A chat's meet-up cards read at once. */
const MEETUPS_PER_CHAT = 100;

/** Both sides' tabs: a meet-up card changed (SSE). */
function meetupEvents(row: repo.MeetupRow) {
  return [row.fromUserId, row.toUserId].map((userId) => ({
    campusId: row.campusId,
    userId,
    type: MEETUP_EVENT_TYPES.meetupChanged,
    payload: { chatId: row.chatId, meetupId: row.id },
  }));
}

async function presentOne(deps: MeetupsDeps, campus: CampusDefinition, id: string, viewerId: string) {
  const row = await repo.findMeetup(deps.db, id);
  if (!row) throw errors.notFound(MEETUP_TEXTS.notFound, 'MEETUP_NOT_FOUND');
  return { meetup: presentMeetup(row, campus, viewerId, deps.clock.now()) };
}

/**
 * Suggest a meet-up (or Suggest another): every refusal comes before anything is written; then
 * the open suggestion is replaced, and the meet-up and its card are stored together.
 */
export async function suggestMeetup(
  deps: MeetupsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
  body: SuggestMeetupBody,
): Promise<MeetupResponse> {
  const chat = await requireChat(deps, viewer, campus, chatId);
  const otherId = otherOf(chat, viewer.id);
  if (await isBlockedEitherWay(deps.db, viewer.id, otherId)) {
    throw errors.forbidden(CHAT_SERVER_MESSAGES.blocked, 'BLOCKED');
  }
  await requireProfile(deps, viewer);
  const spot = meetupPolicy.requireSpot(campus, body.spotId);
  const now = deps.clock.now();
  const startsAt = meetupPolicy.requireTime(campus, body.day, body.time, now);
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      const replaced = await repo.replaceOpenOf(tx, chat.id, now);
      const row = await repo.insertMeetup(tx, {
        id,
        campusId: campus.id,
        chatId: chat.id,
        fromUserId: viewer.id,
        toUserId: otherId,
        spotId: spot.id,
        startsAt,
        createdAt: now,
      });
      await postMeetupMessage(tx, {
        chatId: chat.id,
        senderId: viewer.id,
        meetupId: id,
        line: MEETUP_TEXTS.line(spot.name, formatMeetupTime(startsAt, campusTimeZone(campus.slug))),
        at: now,
      });
      await publishEvents(tx, [...meetupEvents(row), ...(replaced ? meetupEvents(replaced) : [])]);
    });
  } catch (error) {
    // Both sides suggested at the same moment: the one-open-per-chat index keeps the first.
    if (isUniqueViolation(error)) throw errors.conflict(MEETUP_TEXTS.busy, 'MEETUP_BUSY');
    throw error;
  }
  return presentOne(deps, campus, id, viewer.id);
}

/** Accept: by the side it was suggested to, on its locked row, while open and not passed. */
export async function acceptMeetup(
  deps: MeetupsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  meetupId: string,
): Promise<MeetupResponse> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const row = meetupPolicy.requireSide(await repo.lockMeetup(tx, meetupId), viewer, campus.id);
    const otherId = row.fromUserId === viewer.id ? row.toUserId : row.fromUserId;
    // Someone blocked either way: the meet-up is as if absent, as the chat's other cards.
    if (await isBlockedEitherWay(tx, viewer.id, otherId)) {
      throw errors.notFound(MEETUP_TEXTS.notFound, 'MEETUP_NOT_FOUND');
    }
    meetupPolicy.assertCanAccept(row, viewer, now);
    await repo.acceptMeetup(tx, row.id, now);
    await publishEvents(tx, meetupEvents(row));
  });
  return presentOne(deps, campus, meetupId, viewer.id);
}

/** A chat's meet-up cards and the pinned one, for its two participants only. */
export async function listChatMeetups(
  deps: MeetupsDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
): Promise<ChatMeetups> {
  const chat = await requireChat(deps, viewer, campus, chatId);
  const now = deps.clock.now();
  const [rows, pinned] = await Promise.all([
    repo.meetupsOfChat(deps.db, chat.id, MEETUPS_PER_CHAT),
    repo.nextAcceptedOf(deps.db, chat.id, new Date(now.getTime() - MEETUP_PINNED_AFTER_START_MS)),
  ]);
  return {
    meetups: rows.map((row) => presentMeetup(row, campus, viewer.id, now)),
    pinned: pinned ? presentMeetup(pinned, campus, viewer.id, now) : null,
  };
}
