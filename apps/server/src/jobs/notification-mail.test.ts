import { LISTING_TIMES } from '@campus/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { latestMail, mailCount } from '../../test/auth.ts';
import { openChatWith, sendMessageAs } from '../../test/chats.ts';
import { createPostAs, editPostAs, member } from '../../test/posts.ts';
import { mailOutbox, notifications, users } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { runStaleListings } from '../modules/posts/index.ts';
import { MAIL_MAX_DELAY_MS, MAIL_QUIET_MS, mailDueNotifications } from './notification-mail.ts';
import { startJobRunner } from './runner.ts';

/** One clock for the app (messages, notifications, outbox) and the sweep; moved by the tests. */
let at = Date.now();
const clock: Clock = { now: () => new Date(at) };
const tick = (ms: number) => {
  at += ms;
};
const MINUTE = 60_000;

const { app, db, config } = await createTestApp({}, { clock });
const deps = {
  db,
  config,
  secret: 'test-secret-that-is-at-least-32-characters-long',
  enqueue: app.mailer.enqueue.bind(app.mailer),
  kick: () => app.mailer.kick(),
};
const sweep = () => mailDueNotifications(deps, clock.now());

/** Two members with a chat started by `a`; returns their emails too. */
async function pair(names: [string, string]) {
  const a = await member(app, db, 'ou', names[0]);
  const b = await member(app, db, 'ou', names[1]);
  const chat = await openChatWith(a.browser, b.user.id);
  return { a, b, chat };
}

async function burst(browser: Awaited<ReturnType<typeof member>>['browser'], chatId: string, n: number, gapMs: number) {
  for (let i = 0; i < n; i += 1) {
    const res = await sendMessageAs(browser, chatId, { plainText: `Is it still available? (${i + 1})` });
    expect(res.statusCode).toBe(201);
    tick(gapMs);
  }
}

describe('notification emails, batched per chat per quiet period', () => {
  it('a burst of 20 messages is one email after the quiet period; a second burst after it is a second email', async () => {
    const { a, b, chat } = await pair(['Quinn Burst', 'Riley Inbox']);
    const aMails = await mailCount(db, a.user.email);
    const bMails = await mailCount(db, b.user.email);

    await burst(a.browser, chat.id, 20, 10_000);
    // Mid-burst and shortly after it: nothing yet (the chat is not quiet).
    expect((await sweep()).mails).toBe(0);
    tick(MAIL_QUIET_MS - MINUTE);
    expect((await sweep()).mails).toBe(0);
    expect(await mailCount(db, b.user.email)).toBe(bMails);

    tick(2 * MINUTE);
    const first = await sweep();
    expect(first.mails).toBe(1);
    expect(await mailCount(db, b.user.email)).toBe(bMails + 1);
    const mail = await latestMail(db, b.user.email);
    expect(mail?.subject).toBe('Quinn Burst sent you new messages');
    expect(mail?.text).toContain(`http://ou.localhost:${config.port}/messages/${chat.id}`);
    expect(mail?.text).toContain('Quinn Burst started a conversation with you.');
    expect(mail?.text).toContain('Quinn Burst sent you a message: “Is it still available? (20)”');
    // Sent again by nobody: the claim took the rows out of the queue.
    expect((await sweep()).mails).toBe(0);
    expect(await mailCount(db, b.user.email)).toBe(bMails + 1);

    // A second burst (the notification is still unread: the same row, pending again).
    await burst(a.browser, chat.id, 5, MINUTE);
    expect((await sweep()).mails).toBe(0);
    tick(MAIL_QUIET_MS);
    expect((await sweep()).mails).toBe(1);
    expect(await mailCount(db, b.user.email)).toBe(bMails + 2);
    expect((await latestMail(db, b.user.email))?.text).toContain('“Is it still available? (5)”');

    // Never to oneself: the sender got no mail about their own messages.
    expect(await mailCount(db, a.user.email)).toBe(aMails);
  });

  it('a chat that never goes quiet is mailed once its oldest message has waited the maximum delay', async () => {
    const { b, a, chat } = await pair(['Casey Chatty', 'Dana Busy']);
    const bMails = await mailCount(db, b.user.email);
    await burst(a.browser, chat.id, Math.floor(MAIL_MAX_DELAY_MS / (5 * MINUTE)), 5 * MINUTE);
    expect(await mailCount(db, b.user.email)).toBe(bMails);
    expect((await sweep()).mails).toBe(1);
    expect(await mailCount(db, b.user.email)).toBe(bMails + 1);
  });

  it('nothing is mailed when the flag is off, or once the recipient has opened the chat', async () => {
    const off = await pair(['Elliot Sender', 'Frankie Quiet']);
    await db.update(users).set({ emailNotifications: false }).where(eq(users.id, off.b.user.id));
    const seen = await pair(['Gale Sender', 'Harper Reader']);
    const offMails = await mailCount(db, off.b.user.email);
    const seenMails = await mailCount(db, seen.b.user.email);

    await burst(off.a.browser, off.chat.id, 3, 10_000);
    await burst(seen.a.browser, seen.chat.id, 3, 10_000);
    expect((await seen.b.browser.post(`/api/chats/${seen.chat.id}/seen`)).statusCode).toBe(200);
    tick(MAIL_QUIET_MS + MINUTE);
    await sweep();

    expect(await mailCount(db, off.b.user.email)).toBe(offMails);
    expect(await mailCount(db, seen.b.user.email)).toBe(seenMails);
    // Dropped from the queue, not left to be looked at every minute.
    const left = await db
      .select({ id: notifications.id, pending: notifications.emailPendingSince })
      .from(notifications)
      .where(inArray(notifications.toUserId, [off.b.user.id, seen.b.user.id]));
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((n) => n.pending === null)).toBe(true);
  });

  it('post activity (comments on my post) is one email per quiet period, linking the notifications page', async () => {
    const author = await member(app, db, 'ou', 'Indy Seller');
    const buyer = await member(app, db, 'ou', 'Jules Buyer');
    const other = await member(app, db, 'ou', 'Kit Buyer');
    const authorMails = await mailCount(db, author.user.email);
    const created = await createPostAs(author.browser, { plainText: 'Desk lamp, $10' });
    expect(created.statusCode).toBe(201);
    const postId = (created.json() as { id: string }).id;
    for (const who of [buyer, other, buyer]) {
      const res = await createPostAs(who.browser, { plainText: 'Is it still available?', parentId: postId });
      expect(res.statusCode).toBe(201);
      tick(MINUTE);
    }
    tick(MAIL_QUIET_MS);
    await sweep();
    expect(await mailCount(db, author.user.email)).toBe(authorMails + 1);
    const mail = await latestMail(db, author.user.email);
    expect(mail?.subject).toBe('3 new notifications on OU Buy / Sell');
    expect(mail?.text).toContain('Kit Buyer commented on your post: “Is it still available?”');
    expect(mail?.text).toContain(`http://ou.localhost:${config.port}/notifications`);
  });

  it('listings: the saver hears of a price drop from the seller, the seller of a stale listing from the site', async () => {
    const seller = await member(app, db, 'ou', 'Lena Lister');
    const saver = await member(app, db, 'ou', 'Milo Saver');
    const created = await createPostAs(seller.browser, { plainText: 'Desk lamp\nWarm', priceCents: 6000 });
    const postId = (created.json() as { id: string }).id;
    await saver.browser.post(`/api/posts/${postId}/like`);
    const dropped = await editPostAs(seller.browser, postId, {
      plainText: 'Desk lamp\nWarm',
      priceCents: 4500,
      media: [],
    });
    expect(dropped.statusCode).toBe(200);
    tick(LISTING_TIMES.staleAfterMs + MINUTE);
    await runStaleListings({ db }, clock.now(), { sellerId: seller.user.id });
    tick(MAIL_QUIET_MS + MINUTE);
    await sweep();
    expect((await latestMail(db, saver.user.email))?.text).toContain(
      'Lena Lister lowered the price of a listing you saved: “Price dropped on Desk lamp: $60 → $45”',
    );
    // The site's question and the save are two kinds: two emails, each with its own unsubscribe (decision 040).
    const sellerMails = (
      await db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, seller.user.email))
    ).map((m) => m.text);
    const asks = sellerMails.filter((t) => t.includes('OU Buy / Sell asks: “Is Desk lamp still available?”'));
    expect(asks).toHaveLength(1);
    expect(asks[0]).toContain('Unsubscribe from emails about moderation and reminders');
    expect(asks[0]).not.toContain('saved your post');
    expect(sellerMails.some((t) => t.includes('Milo Saver saved your post'))).toBe(true);
  });

  it('the pg-boss job runs the sweep (queued now instead of at the next minute)', async () => {
    const { a, b, chat } = await pair(['Lee Runner', 'Mo Runner']);
    const bMails = await mailCount(db, b.user.email);
    await burst(a.browser, chat.id, 2, 10_000);
    tick(MAIL_QUIET_MS + MINUTE);
    const runner = await startJobRunner({
      url: String(db.$client.options.connectionString),
      db,
      clock,
      log: app.log,
      pollingIntervalSeconds: 0.5,
      notificationMail: { config, secret: deps.secret, enqueue: deps.enqueue, kick: deps.kick },
    });
    try {
      expect(await runner.mailNotificationsNow()).not.toBeNull();
      await expect.poll(() => mailCount(db, b.user.email), { timeout: 15_000, interval: 50 }).toBe(bMails + 1);
    } finally {
      await runner.stop();
    }
  });
});
