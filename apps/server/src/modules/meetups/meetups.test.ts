import {
  type ChatMeetups,
  campusDay,
  MEETUP_EVENT_TYPES,
  MEETUP_PINNED_AFTER_START_MS,
  MEETUP_TEXTS,
  type MeetupResponse,
  type Message,
} from '@campus/contract';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { chatPage, openChatWith } from '../../../test/chats.ts';
import { moderatorOfAnotherCampus, suspendMember } from '../../../test/moderation.ts';
import { member } from '../../../test/posts.ts';
import { roles } from '../../../test/profiles.ts';
import { bannedEmails, events, meetups, messages, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/** A clock the tests move forward (past a meet-up's time) without waiting. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db } = await createTestApp({}, { clock });

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const OU_ZONE = 'America/Chicago';
const hhmm = new Intl.DateTimeFormat('en-US', {
  timeZone: OU_ZONE,
  hourCycle: 'h23',
  hour: '2-digit',
  minute: '2-digit',
});

/** A day and time on the OU clock, `msAhead` of the app clock (to the minute, rounded up). */
function slot(msAhead: number) {
  const at = new Date(Math.ceil((clock.now().getTime() + msAhead) / 60_000) * 60_000);
  return { day: campusDay(at, OU_ZONE), time: hhmm.format(at) };
}

const tally = async () => ({
  meetups: (await db.select({ n: count() }).from(meetups))[0]?.n ?? 0,
  messages: (await db.select({ n: count() }).from(messages))[0]?.n ?? 0,
});

const suggest = (browser: TestBrowser, chatId: string, body: unknown) =>
  browser.post(`/api/chats/${encodeURIComponent(chatId)}/meetups`, body);
const accept = (browser: TestBrowser, meetupId: string) =>
  browser.post(`/api/meetups/${encodeURIComponent(meetupId)}/accept`);
const listOf = async (browser: TestBrowser, chatId: string) => {
  const res = await browser.get(`/api/chats/${encodeURIComponent(chatId)}/meetups`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ChatMeetups;
};

async function suggested(browser: TestBrowser, chatId: string, spotId = 'ou-police', msAhead = 2 * HOUR) {
  const res = await suggest(browser, chatId, { spotId, ...slot(msAhead) });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as MeetupResponse).meetup;
}

async function ban(userId: string) {
  const email = (await db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email ?? '';
  await db.insert(bannedEmails).values({ email });
}

/** The two sides of a chat (owner and other) and everyone else. */
async function chatWithRoles(name: string) {
  const r = await roles(app, db, name);
  const chat = await openChatWith(r.owner, r.otherUser.id);
  const third = (await member(app, db, 'ou', 'Theo Third')).browser;
  return { ...r, chat, third };
}

describe('who may suggest, accept and read meet-ups', () => {
  it('only the two sides of the chat; everyone else is refused and nothing is stored', async () => {
    const r = await chatWithRoles('Mina Meets');
    const open = await suggested(r.owner, r.chat.id);
    const before = await tally();
    const outsiders = [
      ['visitor', r.anonymous, 401],
      ['unverified', r.unverified, 403],
      ['no school', r.noCampus, 403],
      ['another campus', r.otherCampus, 403],
      ['a third member', r.third, 404],
    ] as const;
    for (const [role, browser, status] of outsiders) {
      expect((await suggest(browser, r.chat.id, { spotId: 'ou-union', ...slot(3 * HOUR) })).statusCode, role).toBe(
        status,
      );
      const accepted = await accept(browser, open.id);
      // Another campus and a third member: the meet-up is as if absent.
      expect(accepted.statusCode, role).toBe(status === 403 && role === 'another campus' ? 404 : status);
      expect((await browser.get(`/api/chats/${r.chat.id}/meetups`)).statusCode, role).toBe(status);
    }
    // The suggester cannot accept their own suggestion.
    const own = await accept(r.owner, open.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('MEETUP_OWN_SUGGESTION');
    expect(await tally()).toEqual(before);
    expect((await db.select().from(meetups).where(eq(meetups.id, open.id)))[0]?.status).toBe('open');

    // Banned: signed out, refused, nothing stored.
    await ban(r.otherUser.id);
    expect((await accept(r.other, open.id)).statusCode).toBe(401);
    expect((await suggest(r.other, r.chat.id, { spotId: 'ou-union', ...slot(3 * HOUR) })).statusCode).toBe(401);
    expect(await tally()).toEqual(before);
    expect((await db.select().from(meetups).where(eq(meetups.id, open.id)))[0]?.status).toBe('open');
  });

  it('refuses both sides once either blocked the other', async () => {
    const r = await chatWithRoles('Bea Blocker');
    const open = await suggested(r.owner, r.chat.id);
    expect((await r.other.post('/api/blocks', { userId: r.ownerUser.id })).statusCode).toBe(200);
    const before = await tally();
    expect((await suggest(r.owner, r.chat.id, { spotId: 'ou-union', ...slot(3 * HOUR) })).statusCode).toBe(403);
    expect((await accept(r.other, open.id)).statusCode).toBe(404);
    expect(await tally()).toEqual(before);
  });
});

describe('a suspended side of the chat and a moderator of another campus', () => {
  it('are refused on every meet-up route; nothing is stored', async () => {
    offsetMs = 0;
    const r = await chatWithRoles('Sia Suspendee');
    const utMod = await moderatorOfAnotherCampus(app, db, 'Umar Utmod');
    const open = await suggested(r.owner, r.chat.id);
    const before = await tally();

    // The other side of the chat is suspended: they can neither accept, suggest nor read.
    await suspendMember(db, r.otherUser.id, clock.now());
    const suspended = { statusCode: 403, code: 'ACCOUNT_SUSPENDED' };
    expect((await accept(r.other, open.id)).json()).toMatchObject(suspended);
    expect((await suggest(r.other, r.chat.id, { spotId: 'ou-union', ...slot(3 * HOUR) })).json()).toMatchObject(
      suspended,
    );
    expect((await r.other.get(`/api/chats/${r.chat.id}/meetups`)).json()).toMatchObject(suspended);

    // UT's moderator on OU's site is another campus's member: no chat here, no meet-up.
    expect((await suggest(utMod.browser, r.chat.id, { spotId: 'ou-union', ...slot(3 * HOUR) })).statusCode).toBe(403);
    expect((await accept(utMod.browser, open.id)).statusCode).toBe(404);
    expect((await utMod.browser.get(`/api/chats/${r.chat.id}/meetups`)).statusCode).toBe(403);

    expect(await tally()).toEqual(before);
    expect((await db.select().from(meetups).where(eq(meetups.id, open.id)))[0]?.status).toBe('open');
  });
});

describe('suggesting and accepting a meet-up', () => {
  it('sends a card both sides read; the other accepts it and it is pinned until it has passed', async () => {
    offsetMs = 0;
    const r = await chatWithRoles('Sam Suggests');
    const made = await suggested(r.owner, r.chat.id, 'ou-library', 26 * HOUR);
    expect(made).toMatchObject({
      fromUserId: r.ownerUser.id,
      toUserId: r.otherUser.id,
      spot: { id: 'ou-library', name: 'Bizzell Memorial Library, south entrance' },
      status: 'open',
      canAnswer: false,
      timeZone: OU_ZONE,
    });

    // The card is a message naming it, with its line; the inbox and notification read that line.
    const page = await chatPage(r.other, r.chat.id);
    const card = page.messages[0] as Message;
    expect(card.meetupId).toBe(made.id);
    expect(card.plainText).toMatch(
      /^Meet-up: Bizzell Memorial Library, south entrance, \w{3}, \w{3} \d+ at \d+:\d{2} [AP]M$/,
    );
    expect(card.scamWarning).toBe(false);
    expect(page.chat.lastMessage).toBe(card.plainText);

    const forOther = await listOf(r.other, r.chat.id);
    expect(forOther.meetups.map((m) => [m.id, m.canAnswer])).toEqual([[made.id, true]]);
    expect(forOther.pinned).toBeNull();

    const accepted = await accept(r.other, made.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as MeetupResponse).meetup).toMatchObject({ status: 'accepted', canAnswer: false });
    for (const side of [r.owner, r.other]) {
      expect((await listOf(side, r.chat.id)).pinned?.id).toBe(made.id);
    }
    // Live: both sides' tabs are told of the suggestion and the answer.
    const live = await db
      .select({ userId: events.userId })
      .from(events)
      .where(and(eq(events.type, MEETUP_EVENT_TYPES.meetupChanged)));
    const told = live.map((e) => e.userId);
    expect(told.filter((id) => id === r.ownerUser.id).length).toBeGreaterThanOrEqual(2);
    expect(told.filter((id) => id === r.otherUser.id).length).toBeGreaterThanOrEqual(2);

    // Accepted once only.
    const again = await accept(r.other, made.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MEETUP_TEXTS.answered);

    // Still pinned during the meeting; gone an hour after its start.
    offsetMs = 26 * HOUR + 30 * 60 * 1000;
    expect((await listOf(r.owner, r.chat.id)).pinned?.id).toBe(made.id);
    offsetMs = 26 * HOUR + MEETUP_PINNED_AFTER_START_MS + 60_000;
    const after = await listOf(r.owner, r.chat.id);
    expect(after.pinned).toBeNull();
    expect(after.meetups[0]?.status).toBe('passed');
    offsetMs = 0;
  });

  it('Suggest another replaces the open suggestion with a new card for the first side to answer', async () => {
    offsetMs = 0;
    const r = await chatWithRoles('Ada Another');
    const first = await suggested(r.owner, r.chat.id, 'ou-police');
    const second = await suggested(r.other, r.chat.id, 'ou-union', 5 * HOUR);
    const forOwner = await listOf(r.owner, r.chat.id);
    expect(forOwner.meetups.map((m) => [m.id, m.status, m.canAnswer])).toEqual([
      [second.id, 'open', true],
      [first.id, 'replaced', false],
    ]);
    const stale = await accept(r.other, first.id);
    expect(stale.statusCode).toBe(409);
    expect((await accept(r.owner, second.id)).statusCode).toBe(200);
    expect((await listOf(r.other, r.chat.id)).pinned?.spot.id).toBe('ou-union');
  });

  it('an open suggestion whose time came reads passed and cannot be accepted', async () => {
    offsetMs = 0;
    const r = await chatWithRoles('Pat Passed');
    const made = await suggested(r.owner, r.chat.id, 'ou-police', HOUR);
    offsetMs = HOUR + 2 * 60_000;
    const late = await accept(r.other, made.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('MEETUP_PASSED');
    expect((await listOf(r.other, r.chat.id)).meetups[0]).toMatchObject({ status: 'passed', canAnswer: false });
    offsetMs = 0;
  });
});

describe('hostile input', () => {
  it('answers 4xx, never 5xx, and stores nothing', async () => {
    offsetMs = 0;
    const r = await chatWithRoles('Hugo Hostile');
    // A chat of two other people.
    const x = await member(app, db, 'ou', 'Xena Xavier');
    const y = await member(app, db, 'ou', 'Yuri York');
    const theirs = await openChatWith(x.browser, y.user.id);
    const theirMeetup = await suggested(x.browser, theirs.id);
    const before = await tally();
    const ok = slot(3 * HOUR);
    const bodies: [string, unknown, number][] = [
      ['unknown spot', { spotId: 'nowhere', ...ok }, 400],
      ["another campus's spot", { spotId: 'ut-police', ...ok }, 400],
      ['NUL byte in the spot', { spotId: 'ou-police\u0000', ...ok }, 400],
      ['NUL byte in the day', { spotId: 'ou-police', day: `${ok.day}\u0000`, time: ok.time }, 400],
      ['a past time', { spotId: 'ou-police', ...slot(-HOUR) }, 400],
      ['now', { spotId: 'ou-police', ...slot(-60_000) }, 400],
      ['31 days ahead', { spotId: 'ou-police', ...slot(32 * DAY) }, 400],
      ['a day that does not exist', { spotId: 'ou-police', day: '2026-02-30', time: '10:00' }, 400],
      ['a time that does not exist', { spotId: 'ou-police', day: ok.day, time: '25:00' }, 400],
      ['a time in words', { spotId: 'ou-police', day: ok.day, time: '3pm' }, 400],
      ['an ISO instant as the day', { spotId: 'ou-police', day: new Date().toISOString(), time: ok.time }, 400],
      ['a number as the spot', { spotId: 5, ...ok }, 400],
      ['null day', { spotId: 'ou-police', day: null, time: ok.time }, 400],
      ['a huge year', { spotId: 'ou-police', day: '9999-12-31', time: '10:00' }, 400],
      ['a huge spot id', { spotId: 'x'.repeat(100_000), ...ok }, 400],
      ['an extra field', { spotId: 'ou-police', ...ok, startsAt: '2020-01-01T00:00:00Z' }, 400],
      ['an array', [{ spotId: 'ou-police', ...ok }], 400],
      ['no body', undefined, 400],
    ];
    for (const [what, body, status] of bodies) {
      const res = await suggest(r.owner, r.chat.id, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
    }
    // Someone else's chat and meet-up, unknown and malformed ids.
    expect((await suggest(r.owner, theirs.id, { spotId: 'ou-police', ...ok })).statusCode).toBe(404);
    expect((await accept(r.owner, theirMeetup.id)).statusCode).toBe(404);
    expect((await r.owner.get(`/api/chats/${theirs.id}/meetups`)).statusCode).toBe(404);
    expect((await accept(r.owner, 'no-such-meetup')).statusCode).toBe(404);
    const bad = await accept(r.owner, 'bad id\u0000');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    const long = await suggest(r.owner, 'x'.repeat(500), { spotId: 'ou-police', ...ok });
    expect(long.statusCode).toBeGreaterThanOrEqual(400);
    expect(long.statusCode).toBeLessThan(500);
    expect(await tally()).toEqual(before);
  });
});
