import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  CAMPUS_IDS,
  CHAT_MESSAGES,
  CHAT_SERVER_MESSAGES,
  type ChatSummary,
  type HeartResponse,
  type Inbox,
  type Message,
  POST_DETAIL_MESSAGES,
  POST_MESSAGES,
  type Post,
  type UnreadCounts,
} from '@campus/contract';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { TestBrowser, unverifiedUser, verifiedUser } from '../../../test/auth.ts';
import { chatPage, openChatWith, planWithRows, sendMessageAs } from '../../../test/chats.ts';
import { createPostAs, member, testPhoto } from '../../../test/posts.ts';
import { blocks, chats, events, messageLikes, messages, notifications, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/** A clock the tests can stop, so that many messages share one timestamp. */
let frozen: Date | null = null;
const clock: Clock = { now: () => frozen ?? new Date() };
const { app, db, config } = await createTestApp({}, { clock });
const uploads = path.join(config.dataDir, 'uploads');

const jpeg = async (name = 'photo.jpg', color?: string) => ({
  name,
  type: 'image/jpeg',
  bytes: await testPhoto(color),
});

async function rowCounts() {
  const n = async (
    table: typeof chats | typeof messages | typeof messageLikes | typeof notifications | typeof blocks,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    chats: await n(chats),
    messages: await n(messages),
    likes: await n(messageLikes),
    notifications: await n(notifications),
    blocks: await n(blocks),
  };
}

/** Two members of OU with a chat and one message from A. */
async function pairWithChat(text = 'Is the lamp still available?', names = ['Alice Able', 'Bruno Baker']) {
  const a = await member(app, db, 'ou', names[0]);
  const b = await member(app, db, 'ou', names[1]);
  const chat = await openChatWith(a.browser, b.user.id);
  const sent = await sendMessageAs(a.browser, chat.id, { plainText: text });
  expect(sent.statusCode).toBe(201);
  return { a, b, chat, message: sent.json() as Message };
}

/** Everyone who is not a participant: anonymous, unverified, no school, other campus, a third member. */
async function outsiders() {
  const anonymous = new TestBrowser(app, 'ou.localhost:3000');
  const unverified = (await unverifiedUser(app, db, { host: 'ou.localhost:3000' })).browser;
  const noSchool = (await verifiedUser(app, db, { host: 'ou.localhost:3000' })).browser;
  // A UT member visiting the OU site.
  const utMember = await member(app, db, 'ut', 'Uma Texas');
  const otherCampus = new TestBrowser(app, 'ou.localhost:3000');
  Object.assign(otherCampus, { cookies: (utMember.browser as unknown as { cookies: Map<string, string> }).cookies });
  const third = (await member(app, db, 'ou', 'Theo Third')).browser;
  return [
    { role: 'anonymous', browser: anonymous, status: 401, code: 'UNAUTHENTICATED' },
    { role: 'unverified email', browser: unverified, status: 403, code: 'EMAIL_NOT_VERIFIED' },
    { role: 'verified without a school', browser: noSchool, status: 403, code: 'SCHOOL_NOT_VERIFIED' },
    { role: 'member of another campus', browser: otherCampus, status: 403, code: 'NOT_A_MEMBER' },
    { role: 'third member', browser: third, status: 404, code: 'CHAT_NOT_FOUND' },
  ] as const;
}

describe('who may use a chat', () => {
  it('only the two participants read, post into, heart, mark seen or delete it; others change nothing', async () => {
    const { a, chat, message } = await pairWithChat();
    const people = await outsiders();
    const before = await rowCounts();
    for (const who of people) {
      const attempts = [
        await who.browser.get(`/api/chats/${chat.id}`),
        await sendMessageAs(who.browser, chat.id, { plainText: 'let me in' }, [await jpeg()]),
        await who.browser.post(`/api/chats/${chat.id}/messages/${message.id}/heart`),
        await who.browser.post(`/api/chats/${chat.id}/seen`),
        await who.browser.request('DELETE', `/api/chats/${chat.id}`),
      ];
      for (const res of attempts) {
        expect({ role: who.role, status: res.statusCode, code: res.json().code }).toEqual({
          role: who.role,
          status: who.status,
          code: who.code,
        });
      }
      if (who.code === 'CHAT_NOT_FOUND') expect(attempts[0]?.json().message).toBe(CHAT_MESSAGES.notFound);
      // Decided before the body is read: even an unreadable body gets the refusal, not a 400.
      const unread = await who.browser.send(
        'POST',
        `/api/chats/${chat.id}/messages`,
        Buffer.from('--x\r\n'),
        'multipart/form-data; boundary=x',
      );
      expect(unread.statusCode).toBe(who.status);
    }
    expect(await rowCounts()).toEqual(before);
    // The chat is untouched: its message is unhearted and it still exists for its participants.
    const page = await chatPage(a.browser, chat.id);
    expect(page.messages.map((m) => [m.id, m.likesCount])).toEqual([[message.id, 0]]);
    expect(existsSync(path.join(uploads, 'images', 'messages'))).toBe(false);
  });

  it('the inbox, search, unread counts, notifications and blocks are refused to everyone but members', async () => {
    const { b } = await pairWithChat();
    const people = (await outsiders()).filter((p) => p.code !== 'CHAT_NOT_FOUND');
    const before = await rowCounts();
    for (const who of people) {
      const attempts = [
        await who.browser.get('/api/chats'),
        await who.browser.post('/api/chats', { userId: b.user.id }),
        await who.browser.get('/api/chats/recipients?q=Bru'),
        await who.browser.get('/api/unread-counts'),
        await who.browser.get('/api/notifications'),
        await who.browser.post('/api/notifications/read', { ids: ['x'] }),
        await who.browser.get('/api/blocks'),
        await who.browser.post('/api/blocks', { userId: b.user.id }),
        await who.browser.request('DELETE', `/api/blocks/${b.user.id}`),
      ];
      for (const res of attempts) {
        expect({ role: who.role, status: res.statusCode, code: res.json().code }).toEqual({
          role: who.role,
          status: who.status,
          code: who.code,
        });
      }
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('a third member sees none of it: not in their inbox, no badge, no notification', async () => {
    await pairWithChat();
    const third = await member(app, db, 'ou', 'Theo Third');
    expect(((await third.browser.get('/api/chats')).json() as Inbox).chats).toEqual([]);
    expect((await third.browser.get('/api/unread-counts')).json()).toEqual({ messages: 0, notifications: 0 });
    expect((await third.browser.get('/api/notifications')).json().notifications).toEqual([]);
  });
});

describe('starting a chat', () => {
  it('opens the same chat in either direction and notifies the other side once ("new chat")', async () => {
    const a = await member(app, db, 'ou', 'Alice Able');
    const b = await member(app, db, 'ou', 'Bruno Baker');
    const first = await a.browser.post('/api/chats', { userId: b.user.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ created: true, chat: { otherUser: { id: b.user.id, firstName: 'Bruno' } } });
    const again = await b.browser.post('/api/chats', { userId: a.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, chat: { id: first.json().chat.id } });
    const rows = await db.select().from(notifications).where(eq(notifications.toUserId, b.user.id));
    expect(rows.map((n) => n.type)).toEqual(['new chat']);
    // The other user's email never leaves the server.
    expect(first.body).not.toContain('@');
  });

  it('refuses oneself, unknown users, users of another campus and bad ids', async () => {
    const a = await member(app, db, 'ou', 'Alice Able');
    const ut = await member(app, db, 'ut', 'Uma Texas');
    const unverified = await unverifiedUser(app, db, { host: 'ou.localhost:3000' });
    const before = await rowCounts();
    expect((await a.browser.post('/api/chats', { userId: a.user.id })).json().code).toBe('CANNOT_MESSAGE_SELF');
    expect((await a.browser.post('/api/chats', { userId: 'nobody' })).statusCode).toBe(404);
    expect((await a.browser.post('/api/chats', { userId: ut.user.id })).json().code).toBe('USER_NOT_FOUND');
    expect((await a.browser.post('/api/chats', { userId: unverified.user.id })).json().code).toBe('USER_NOT_FOUND');
    for (const userId of ['a\u0000b', 'x'.repeat(5000), 42, null, ['x'], { $ne: '' }, '../etc']) {
      const res = await a.browser.post('/api/chats', { userId });
      expect(res.statusCode).toBe(400);
    }
    expect((await a.browser.post('/api/chats', { userId: 'x', extra: 1 })).statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('two simultaneous starts make one chat', async () => {
    const a = await member(app, db, 'ou', 'Alice Able');
    const b = await member(app, db, 'ou', 'Bruno Baker');
    const results = await Promise.all([
      a.browser.post('/api/chats', { userId: b.user.id }),
      b.browser.post('/api/chats', { userId: a.user.id }),
      a.browser.post('/api/chats', { userId: b.user.id }),
    ]);
    const ids = new Set(results.map((r) => r.json().chat.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.json().created)).toHaveLength(1);
  });
});

describe('sending messages', () => {
  it('stores text; the recipient gets the unread marker, the badge and one message notification', async () => {
    const { a, b, chat, message } = await pairWithChat('Is the lamp still available?');
    expect(message).toMatchObject({
      senderId: a.user.id,
      plainText: 'Is the lamp still available?',
      status: 'delivered',
    });
    const inbox = (await b.browser.get('/api/chats')).json() as Inbox;
    expect(inbox.chats[0]).toMatchObject({ id: chat.id, unread: true, lastMessage: 'Is the lamp still available?' });
    expect((await b.browser.get('/api/unread-counts')).json()).toEqual({ messages: 1, notifications: 2 });
    // A second message refreshes the one unread 'message' notification instead of adding one.
    await sendMessageAs(a.browser, chat.id, { plainText: 'Hello?' });
    const rows = await db.select().from(notifications).where(eq(notifications.toUserId, b.user.id));
    expect(rows.filter((n) => n.type === 'message').map((n) => n.message)).toEqual(['Hello?']);
    // Nothing to oneself.
    expect(await db.select().from(notifications).where(eq(notifications.toUserId, a.user.id))).toEqual([]);
    expect((await a.browser.get('/api/unread-counts')).json()).toEqual({ messages: 0, notifications: 0 });
  });

  it('Delivered until the other side opens the chat, then Seen; the badge clears', async () => {
    const { a, b, chat, message } = await pairWithChat();
    expect((await chatPage(a.browser, chat.id)).messages[0]?.status).toBe('delivered');
    expect((await chatPage(b.browser, chat.id)).messages[0]?.status).toBeNull();
    const seen = await b.browser.post(`/api/chats/${chat.id}/seen`);
    expect(seen.json()).toEqual({ unread: false });
    expect((await chatPage(a.browser, chat.id)).messages[0]).toMatchObject({ id: message.id, status: 'seen' });
    expect(((await b.browser.get('/api/unread-counts')).json() as UnreadCounts).messages).toBe(0);
  });

  it('counts 2 per line break: 500 is sent, 501 is refused and nothing is stored', async () => {
    const { a, chat } = await pairWithChat();
    const fits = `${'a'.repeat(249)}\n${'b'.repeat(249)}`;
    expect((await sendMessageAs(a.browser, chat.id, { plainText: fits })).statusCode).toBe(201);
    const before = await rowCounts();
    const over = await sendMessageAs(a.browser, chat.id, { plainText: `${'a'.repeat(250)}\n${'b'.repeat(249)}` });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(POST_MESSAGES.tooManyCharacters);
    const flat = await sendMessageAs(a.browser, chat.id, { plainText: 'x'.repeat(501) });
    expect(flat.json().message).toBe(POST_MESSAGES.tooManyCharacters);
    expect(await rowCounts()).toEqual(before);
  });

  it('sends one photo (stored under images/messages/{id}/) and refuses a second file, storing nothing', async () => {
    const { a, b, chat } = await pairWithChat();
    const res = await sendMessageAs(a.browser, chat.id, {}, [await jpeg()]);
    expect(res.statusCode).toBe(201);
    const sent = res.json() as Message;
    expect(sent.photo).toMatchObject({ width: 1200, height: 900 });
    expect(sent.photo?.url).toContain(`images/messages/${sent.id}/`);
    // Private to the two people in the chat (photos.test.ts has the whole role matrix).
    expect((await b.browser.get(sent.photo?.url ?? '')).statusCode).toBe(200);
    expect(existsSync(path.join(uploads, 'images', 'messages', sent.id))).toBe(true);
    expect(((await b.browser.get('/api/chats')).json() as Inbox).chats[0]?.lastMessage).toBe('photo');

    const before = await rowCounts();
    const two = await sendMessageAs(a.browser, chat.id, { plainText: 'two' }, [
      await jpeg('1.jpg'),
      await jpeg('2.jpg'),
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ code: 'TOO_MANY_FILES', message: CHAT_SERVER_MESSAGES.onePhotoOnly });
    const svg = await sendMessageAs(a.browser, chat.id, { plainText: 'svg' }, [
      { name: 'x.jpg', type: 'image/jpeg', bytes: Buffer.from('<svg onload="alert(1)"/>') },
    ]);
    expect(svg.statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an empty message, hostile fields and broken bodies with 4xx', async () => {
    const { a, chat } = await pairWithChat();
    const before = await rowCounts();
    const bodies: Array<Record<string, unknown> | string> = [
      {},
      { plainText: '   \u200b ' },
      { plainText: 'a\u0000b' },
      { plainText: 42 },
      { plainText: 'x'.repeat(6000) },
      { plainText: 'hi', postId: '../../etc/passwd' },
      { plainText: 'hi', extra: true },
      { plainText: 'hi', text: JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`) },
      '{not json',
    ];
    for (const body of bodies) {
      const res = await sendMessageAs(a.browser, chat.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await sendMessageAs(a.browser, chat.id, {})).json().code).toBe('EMPTY_MESSAGE');
    const notMultipart = await a.browser.post(`/api/chats/${chat.id}/messages`, { plainText: 'json' });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
    expect((await a.browser.get('/api/chats/not%00an-id')).statusCode).toBe(400);
    expect((await a.browser.get(`/api/chats/${chat.id}?cursor=garbage`)).statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  it('shares a post as a card; a deleted post reads as deleted', async () => {
    const { a, b, chat } = await pairWithChat();
    const post = (await createPostAs(b.browser, { plainText: 'Desk lamp', priceCents: 1500 })).json() as Post;
    const shared = await sendMessageAs(a.browser, chat.id, { postId: post.id });
    expect(shared.statusCode).toBe(201);
    expect(shared.json().sharedPost).toMatchObject({
      deleted: false,
      id: post.id,
      plainText: 'Desk lamp',
      priceCents: 1500,
      status: 'available',
    });
    // Where its deal stands, read now, as the feed card shows it.
    await b.browser.request('PUT', `/api/posts/${post.id}/status`, { status: 'pending', buyerId: null });
    expect((await chatPage(a.browser, chat.id)).messages[0]?.sharedPost).toMatchObject({ status: 'pending' });
    expect((await b.browser.request('DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    const page = await chatPage(b.browser, chat.id);
    expect(page.messages[0]?.sharedPost).toEqual({ deleted: true, id: post.id });
    // The web shows POST_DETAIL_MESSAGES.sharedPostDeleted for it.
    expect(POST_DETAIL_MESSAGES.sharedPostDeleted).toBe('* Post deleted **');
    // A post that does not exist (or of another campus) cannot be shared.
    expect((await sendMessageAs(a.browser, chat.id, { postId: 'missing' })).statusCode).toBe(404);
  });

  it('refuses to share a post of another campus, a missing post or a hostile id, with or without a photo: nothing stored', async () => {
    const { a, chat } = await pairWithChat();
    const ut = await member(app, db, 'ut', 'Ulla Texan');
    const utPost = (await createPostAs(ut.browser, { plainText: 'Longhorn lamp' })).json() as Post;
    const before = await rowCounts();
    const photoFolders = () => {
      const dir = path.join(uploads, 'images', 'messages');
      return existsSync(dir) ? readdirSync(dir).length : 0;
    };
    const foldersBefore = photoFolders();
    for (const postId of [utPost.id, 'missing', 'x'.repeat(65), '../etc', 42, { id: utPost.id }]) {
      for (const files of [[], [await jpeg()]]) {
        const res = await sendMessageAs(a.browser, chat.id, { plainText: 'look', postId }, files);
        expect(res.statusCode, `${JSON.stringify(postId)} with ${files.length} file(s)`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    expect(await rowCounts()).toEqual(before);
    expect(photoFolders()).toBe(foldersBefore);
    const page = await chatPage(a.browser, chat.id);
    expect(page.chat.lastMessage).toBe('Is the lamp still available?');
    // The UT post really exists on its own campus: the refusal is about the campus, not the id.
    expect((await ut.browser.get(`/api/posts/${utPost.id}`)).statusCode).toBe(200);
  });
});

describe('paging', () => {
  it('pages 15 at a time, newest first, without skipping messages that share a timestamp', async () => {
    const { a, b, chat } = await pairWithChat('first');
    frozen = new Date(Date.now() + 60_000);
    try {
      for (let i = 0; i < 33; i += 1) {
        expect((await sendMessageAs(i % 2 ? a.browser : b.browser, chat.id, { plainText: `m${i}` })).statusCode).toBe(
          201,
        );
      }
    } finally {
      frozen = null;
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await chatPage(a.browser, chat.id, cursor);
      sizes.push(page.messages.length);
      seen.push(...page.messages.map((m) => m.plainText));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(sizes.slice(0, 3)).toEqual([15, 15, 4]);
    expect(seen).toEqual([...Array.from({ length: 33 }, (_, i) => `m${32 - i}`), 'first']);
  });

  it('the inbox lists newest-modified first and pages by cursor', async () => {
    const me = await member(app, db, 'ou', 'Ines Inbox');
    const others = [];
    for (let i = 0; i < 22; i += 1) others.push(await member(app, db, 'ou', `Peer Number`));
    for (const other of others) {
      const chat = await openChatWith(other.browser, me.user.id);
      await sendMessageAs(other.browser, chat.id, { plainText: `from ${other.user.id}` });
    }
    const first = (await me.browser.get('/api/chats')).json() as Inbox;
    expect(first.chats).toHaveLength(20);
    expect(first.chats[0]?.otherUser.id).toBe(others.at(-1)?.user.id);
    const second = (await me.browser.get(`/api/chats?cursor=${first.nextCursor}`)).json() as Inbox;
    const all = [...first.chats, ...second.chats].map((c: ChatSummary) => c.otherUser.id);
    expect(all).toEqual(others.map((o) => o.user.id).reverse());
    expect(((await me.browser.get('/api/unread-counts')).json() as UnreadCounts).messages).toBe(22);
  });

  it('the inbox, a chat page, notifications and badge counts use their indexes (EXPLAIN on 5,000 rows)', async () => {
    const ou = sql.raw(`'${CAMPUS_IDS.ou}'::uuid`);
    const inbox = await planWithRows(
      db,
      sql`INSERT INTO chats (id, campus_id, user_a, user_b, started_by, unread_b, updated_at)
        SELECT 'c' || i, ${ou}, 'u' || (i % 50), 'v' || i, 'u', i % 20 = 0, now() - i * interval '1 minute'
        FROM generate_series(1, 5000) i`,
      sql`SELECT * FROM chats WHERE campus_id = ${ou} AND user_a = 'u7'
        AND (updated_at, id) < (now(), 'z') ORDER BY updated_at DESC, id DESC LIMIT 20`,
    );
    expect(inbox).toMatch(/Index Scan Backward using chats_inbox_a_idx/);
    const page = await planWithRows(
      db,
      sql`INSERT INTO messages (id, campus_id, chat_id, sender_id, plain_text, created_at)
        SELECT 'm' || i, ${ou}, 'k' || (i % 10), 's', 'hi', now() - i * interval '1 second'
        FROM generate_series(1, 5000) i`,
      sql`SELECT * FROM messages WHERE chat_id = 'k3' AND (created_at, id) < (now(), 'z')
        ORDER BY created_at DESC, id DESC LIMIT 15`,
    );
    expect(page).toMatch(/Index Scan Backward using messages_chat_idx/);
    const fillNotifications = sql`INSERT INTO notifications (id, campus_id, type, to_user_id, from_user_id, read, created_at)
      SELECT 'n' || i, ${ou}, 'like', 't' || (i % 20), 'f', i % 10 <> 0, now() - i * interval '1 second'
      FROM generate_series(1, 5000) i`;
    const list = await planWithRows(
      db,
      fillNotifications,
      sql`SELECT * FROM notifications WHERE to_user_id = 't3' AND campus_id = ${ou}
        AND (created_at, id) < (now(), 'z') ORDER BY created_at DESC, id DESC LIMIT 15`,
    );
    expect(list).toMatch(/Index Scan Backward using notifications_list_idx/);
    const unread = await planWithRows(
      db,
      fillNotifications,
      sql`SELECT count(*) FROM notifications WHERE to_user_id = 't3' AND campus_id = ${ou} AND NOT read`,
    );
    expect(unread).toMatch(/notifications_unread_idx/);
    const unreadChats = await planWithRows(
      db,
      sql`INSERT INTO chats (id, campus_id, user_a, user_b, started_by, unread_b)
        SELECT 'c' || i, ${ou}, 'a' || i, 'b' || (i % 50), 'a', i % 20 = 0 FROM generate_series(1, 5000) i`,
      sql`SELECT count(*) FROM chats WHERE campus_id = ${ou} AND user_b = 'b7' AND unread_b`,
    );
    expect(unreadChats).toMatch(/chats_unread_b_idx/);
  });
});

describe('hearts', () => {
  it('toggles; the chat line names the heart; the sender is notified once, never oneself', async () => {
    const { a, b, chat, message } = await pairWithChat('Still available?');
    const on = await b.browser.post(`/api/chats/${chat.id}/messages/${message.id}/heart`);
    expect(on.json()).toEqual({
      liked: true,
      likesCount: 1,
      lastMessage: 'Bruno reacted with a heart: Still available?',
    } satisfies HeartResponse);
    expect(((await a.browser.get('/api/chats')).json() as Inbox).chats[0]).toMatchObject({
      lastMessage: CHAT_MESSAGES.reactedWithHeart('Bruno', 'Still available?'),
      unread: true,
    });
    const off = await b.browser.post(`/api/chats/${chat.id}/messages/${message.id}/heart`);
    expect(off.json()).toMatchObject({ liked: false, likesCount: 0, lastMessage: 'Bruno removed a heart' });
    const likes = await db.select().from(notifications).where(eq(notifications.type, 'message like'));
    expect(likes.filter((n) => n.toUserId === a.user.id)).toHaveLength(1);
    // One's own message has no heart (docs/decisions/030-feed-ads-and-rough-edges.md): refused, nothing stored, nobody notified.
    const own = await a.browser.post(`/api/chats/${chat.id}/messages/${message.id}/heart`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'CANNOT_HEART_OWN_MESSAGE',
      message: CHAT_SERVER_MESSAGES.cannotHeartOwnMessage,
    });
    expect(await db.select().from(messageLikes).where(eq(messageLikes.messageId, message.id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.toUserId, a.user.id))).toHaveLength(1);
    // A photo-only message is named 'photo'.
    const photo = (await sendMessageAs(a.browser, chat.id, {}, [await jpeg()])).json() as Message;
    const heart = await b.browser.post(`/api/chats/${chat.id}/messages/${photo.id}/heart`);
    expect(heart.json().lastMessage).toBe('Bruno reacted with a heart: photo');
  });

  it('a chat looked at is read: marking it seen reads its message and heart notifications, not others', async () => {
    const { a, b, chat, message } = await pairWithChat('Still available?');
    const cleo = await member(app, db, 'ou', 'Cleo Carter');
    const other = await openChatWith(cleo.browser, a.user.id);
    await sendMessageAs(cleo.browser, other.id, { plainText: 'Is the desk still for sale?' });
    await b.browser.post(`/api/chats/${chat.id}/messages/${message.id}/heart`);
    await sendMessageAs(b.browser, chat.id, { plainText: 'Yes it is' });
    const unreadOf = async () =>
      (await db.select().from(notifications).where(eq(notifications.toUserId, a.user.id)))
        .filter((n) => !n.read)
        .map((n) => `${n.type} ${n.chatId === chat.id ? 'this chat' : 'other chat'}`)
        .sort();
    expect(await unreadOf()).toEqual([
      'message like this chat',
      'message other chat',
      'message this chat',
      'new chat other chat',
    ]);
    expect((await a.browser.get('/api/unread-counts')).json()).toEqual({ messages: 2, notifications: 4 });

    expect((await a.browser.post(`/api/chats/${chat.id}/seen`)).json()).toEqual({ unread: false });
    expect(await unreadOf()).toEqual(['message other chat', 'new chat other chat']);
    expect((await a.browser.get('/api/unread-counts')).json()).toEqual({
      messages: 1,
      notifications: 2,
    } satisfies UnreadCounts);
  });

  it('a message of another chat is not found through this one', async () => {
    const one = await pairWithChat();
    const two = await pairWithChat();
    const res = await one.a.browser.post(`/api/chats/${one.chat.id}/messages/${two.message.id}/heart`);
    expect(res.statusCode).toBe(404);
    expect(await db.select().from(messageLikes).where(eq(messageLikes.messageId, two.message.id))).toEqual([]);
  });
});

describe('deleting a chat', () => {
  it('either side deletes it for both: rows, hearts, notifications and photo files go', async () => {
    const { a, b, chat, message } = await pairWithChat();
    const photo = (await sendMessageAs(b.browser, chat.id, {}, [await jpeg()])).json() as Message;
    await a.browser.post(`/api/chats/${chat.id}/messages/${message.id}/heart`);
    const folder = path.join(uploads, 'images', 'messages', photo.id);
    expect(existsSync(folder)).toBe(true);

    const res = await b.browser.request('DELETE', `/api/chats/${chat.id}`);
    expect(res.json()).toEqual({ deleted: true, messages: 2 });
    expect(existsSync(folder)).toBe(false);
    expect(await db.select().from(chats).where(eq(chats.id, chat.id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.chatId, chat.id))).toEqual([]);
    expect(await db.select().from(notifications).where(eq(notifications.chatId, chat.id))).toEqual([]);
    expect(await db.select().from(messageLikes).where(eq(messageLikes.messageId, message.id))).toEqual([]);
    const gone = await a.browser.get(`/api/chats/${chat.id}`);
    expect(gone.json()).toMatchObject({ code: 'CHAT_NOT_FOUND', message: CHAT_MESSAGES.notFound });
    expect(((await a.browser.get('/api/chats')).json() as Inbox).chats).toEqual([]);
    expect((await a.browser.get('/api/unread-counts')).json()).toEqual({ messages: 0, notifications: 0 });
  });
});

describe('blocking', () => {
  it('hides both ways: no new messages, no hearts, no new chat, not found in search; unblock restores', async () => {
    const { a, b, chat, message } = await pairWithChat('hi', ['Arlo Blocker', 'Blanche Blocked']);
    expect(
      (await a.browser.get('/api/chats/recipients?q=blanch')).json().users.map((u: { id: string }) => u.id),
    ).toEqual([b.user.id]);
    expect((await b.browser.post('/api/blocks', { userId: a.user.id })).json()).toEqual({ blocked: true });
    const before = await rowCounts();
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const send = await sendMessageAs(who.browser, chat.id, { plainText: 'hello?' });
      expect(send.json()).toMatchObject({ statusCode: 403, code: 'BLOCKED' });
      const heart = await who.browser.post(`/api/chats/${chat.id}/messages/${message.id}/heart`);
      expect(heart.json().code).toBe('BLOCKED');
      const search = await who.browser.get(`/api/chats/recipients?q=${other === b ? 'Blanche' : 'Arlo'}`);
      expect(search.json().users).toEqual([]);
    }
    expect(await rowCounts()).toEqual(before);
    // The chat is still readable and shows who blocked.
    expect((await chatPage(b.browser, chat.id)).chat).toMatchObject({ blocked: true, blockedByViewer: true });
    expect((await chatPage(a.browser, chat.id)).chat).toMatchObject({ blocked: true, blockedByViewer: false });
    expect((await b.browser.get('/api/blocks')).json().users.map((u: { id: string }) => u.id)).toEqual([a.user.id]);

    // A new chat with a blocked user is refused too.
    const c = await member(app, db, 'ou', 'Cora Cole');
    await c.browser.post('/api/blocks', { userId: a.user.id });
    expect((await a.browser.post('/api/chats', { userId: c.user.id })).json().code).toBe('BLOCKED');
    expect((await c.browser.post('/api/chats', { userId: a.user.id })).json().code).toBe('BLOCKED');

    expect((await b.browser.request('DELETE', `/api/blocks/${a.user.id}`)).json()).toEqual({ blocked: false });
    expect((await sendMessageAs(a.browser, chat.id, { plainText: 'hello again' })).statusCode).toBe(201);
  });

  it('refuses blocking oneself, unknown users and users of another campus', async () => {
    const a = await member(app, db, 'ou', 'Alice Able');
    const ut = await member(app, db, 'ut', 'Uma Texas');
    const before = await rowCounts();
    expect((await a.browser.post('/api/blocks', { userId: a.user.id })).json().code).toBe('CANNOT_BLOCK_SELF');
    expect((await a.browser.post('/api/blocks', { userId: 'nobody' })).statusCode).toBe(404);
    expect((await a.browser.post('/api/blocks', { userId: ut.user.id })).statusCode).toBe(404);
    expect((await a.browser.post('/api/blocks', { userId: 7 })).statusCode).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('new-message search', () => {
  it('finds members of this campus by name or username prefix; not oneself, other campuses or the unverified', async () => {
    const me = await member(app, db, 'ou', 'Sam Searcher');
    const zed = await member(app, db, 'ou', 'Zelda Quux');
    await member(app, db, 'ut', 'Zelda Texan');
    const unverified = await verifiedUser(app, db, { host: 'ou.localhost:3000', name: 'Zelda Unschooled' });
    const names = async (q: string) =>
      (
        (await me.browser.get(`/api/chats/recipients?q=${encodeURIComponent(q)}`)).json().users as Array<{ id: string }>
      ).map((u) => u.id);
    expect(await names('zel')).toEqual([zed.user.id]);
    expect(await names('Zelda Q')).toEqual([zed.user.id]);
    expect(await names('quu')).toEqual([zed.user.id]);
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, zed.user.id));
    expect(await names(row?.username.slice(0, 6) ?? '')).toContain(zed.user.id);
    expect(await names('Sam')).not.toContain(me.user.id);
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    expect(await names('')).toEqual([]);
    expect(await names('Zelda U')).not.toContain(unverified.user.id);
    expect((await me.browser.get(`/api/chats/recipients?q=${'x'.repeat(51)}`)).statusCode).toBe(400);
    expect((await me.browser.get('/api/chats/recipients?q=a%00b')).statusCode).toBe(400);
  });
});

describe('live events', () => {
  it('a message writes events for both participants in its transaction', async () => {
    const { a, b, chat, message } = await pairWithChat();
    const rows = await db.select().from(events).where(sql`${events.payload}->>'messageId' = ${message.id}`);
    expect(rows.map((e) => [e.userId, e.type]).sort()).toEqual(
      [
        [a.user.id, 'message.created'],
        [b.user.id, 'message.created'],
      ].sort(),
    );
    const forB = await db.select().from(events).where(eq(events.userId, b.user.id));
    expect(forB.map((e) => e.type)).toEqual(
      expect.arrayContaining(['chat.updated', 'notification.created', 'unread.changed']),
    );
    expect(chat.id).toBeTruthy();
  });
});

describe('scam warnings (docs/product/safety.md#scam-warnings)', () => {
  it('flag a message that shows a sign for its recipient only, and never block it', async () => {
    const { a, b, chat } = await pairWithChat('Hi, is the desk still there?', ['Sally Sender', 'Rita Reader']);
    const sent = await sendMessageAs(a.browser, chat.id, { plainText: 'send me the money on Zelle first' });
    expect(sent.statusCode).toBe(201);
    const own = sent.json() as Message;
    expect(own.scamWarning).toBe(false);
    const calm = await sendMessageAs(a.browser, chat.id, { plainText: 'I can pay cash when we meet' });
    expect(calm.statusCode).toBe(201);

    const forReader = (await chatPage(b.browser, chat.id)).messages;
    expect(forReader.find((m) => m.id === own.id)?.scamWarning).toBe(true);
    expect(forReader.filter((m) => m.scamWarning).map((m) => m.plainText)).toEqual([
      'send me the money on Zelle first',
    ]);
    const forSender = (await chatPage(a.browser, chat.id)).messages;
    expect(forSender.some((m) => m.scamWarning)).toBe(false);
  });
});
