import { createServer } from 'node:net';
import { eq, isNull } from 'drizzle-orm';
import nodemailer, { type Transport } from 'nodemailer';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import { enqueueMail, leaseDueMail, MAX_ATTEMPTS } from './mail.repo.ts';
import { deliverDueMail, describeMailError, LEASE_MS, retryDelayMs, startMailSender } from './mail.sender.ts';
import { startSmtpTestServer } from './smtp-test-server.ts';
import { verificationCodeMail } from './templates.ts';
import { type MailTransport, smtpTransport } from './transport.ts';

const { app, db, config } = await createTestApp();
const smtp = await startSmtpTestServer();
const transport = smtpTransport(smtp.url, config.mailFrom);
afterAll(async () => {
  transport.close();
  await smtp.close();
});

beforeEach(async () => {
  await db.delete(mailOutbox);
  smtp.received.length = 0;
  smtp.rejectWith = undefined;
  smtp.delayMs = 0;
});

const codeMail = (to: string, code = '1234') => ({
  to,
  ...verificationCodeMail({ code, campusShortName: 'OU', siteUrl: 'https://ou.campusbuysell.app' }),
});

async function row(id: string) {
  const [found] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error(`mail ${id} is gone`);
  return found;
}

/**
 * A transport whose deliveries wait until the test lets them go: the test sees what is being
 * delivered right now and decides when it is done, instead of sleeping and hoping.
 */
function gatedTransport() {
  const waiting: { to: string; release: () => void }[] = [];
  const delivered: string[] = [];
  let open = false;
  const changed = new Set<() => void>();
  const notify = () => {
    for (const listener of changed) listener();
  };
  const gated: Transport<{ messageId: string }> = {
    name: 'gated',
    version: '1.0.0',
    send(mail, callback) {
      const to = String(mail.data.to);
      const finish = () => {
        delivered.push(to);
        callback(null, { messageId: mail.message.messageId() });
        notify();
      };
      if (open) return finish();
      waiting.push({ to, release: finish });
      notify();
    },
  };
  const transport: MailTransport = nodemailer.createTransport(gated, { from: config.mailFrom });
  return {
    transport,
    waiting,
    delivered,
    /** Resolves once `predicate` holds (checked on every delivery event). */
    until(predicate: () => boolean): Promise<void> {
      return new Promise((resolve) => {
        const check = () => {
          if (!predicate()) return;
          changed.delete(check);
          resolve();
        };
        changed.add(check);
        check();
      });
    },
    releaseAll() {
      for (const w of waiting.splice(0)) w.release();
    },
    open() {
      open = true;
      this.releaseAll();
    },
  };
}

/** A port on which nothing listens: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('deliverDueMail through a real SMTP relay', () => {
  it('delivers a queued verification mail with its subject, HTML and text parts', async () => {
    const mail = codeMail('alice@ou.edu');
    const id = await app.mailer.enqueue(db, mail);

    expect(await deliverDueMail(db, transport)).toEqual({ claimed: 1, sent: 1, failed: 0, gaveUp: 0 });

    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received?.envelope).toEqual({ from: 'no-reply@campusbuysell.app', to: ['alice@ou.edu'] });
    const message = received?.message;
    expect(message?.subject).toBe('1234 is your OU Buy / Sell verification code');
    expect(message?.from?.value).toEqual([{ name: 'Campus Buy / Sell', address: 'no-reply@campusbuysell.app' }]);
    expect(message?.to && !Array.isArray(message.to) && message.to.value).toEqual([
      { name: '', address: 'alice@ou.edu' },
    ]);
    expect(message?.html).toBe(mail.html);
    expect(message?.text).toBe(mail.text);
    expect(message?.text).toContain('Codes expire after two hours.');

    const stored = await row(id);
    expect(stored.sentAt).toBeInstanceOf(Date);
    expect(stored.attempts).toBe(0);
    expect(stored.lastError).toBeNull();
    // Sent mail is not taken again.
    expect(await deliverDueMail(db, transport)).toEqual({ claimed: 0, sent: 0, failed: 0, gaveUp: 0 });
  });

  it('is queued atomically with the caller’s transaction: a rollback queues nothing', async () => {
    await expect(
      db.transaction(async (tx) => {
        await app.mailer.enqueue(tx, codeMail('bob@ou.edu'));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await db.select().from(mailOutbox)).toEqual([]);
  });

  it('keeps a mail the relay refuses, backs off, and delivers it on a later pass', async () => {
    smtp.rejectWith = 'Try again later';
    const id = await app.mailer.enqueue(db, codeMail('carol@ou.edu', '9876'));
    const t0 = new Date(Date.now() + 1000);

    expect(await deliverDueMail(db, transport, t0)).toMatchObject({ claimed: 1, sent: 0, failed: 1 });
    const failed = await row(id);
    expect(failed.sentAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('451');
    expect(failed.lastError).toContain('Try again later');
    expect(failed.sendAfter.getTime()).toBe(t0.getTime() + 30_000);

    // Not due yet, even once the relay is back.
    smtp.rejectWith = undefined;
    expect(await deliverDueMail(db, transport, new Date(t0.getTime() + 29_000))).toMatchObject({ claimed: 0 });
    expect(smtp.received).toHaveLength(0);

    expect(await deliverDueMail(db, transport, new Date(t0.getTime() + 30_001))).toMatchObject({ claimed: 1, sent: 1 });
    expect(smtp.received.map((m) => m.message.subject)).toEqual(['9876 is your OU Buy / Sell verification code']);
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
  });

  it('survives an unreachable relay and gives up after the last attempt, keeping the error', async () => {
    const down = smtpTransport(`smtp://127.0.0.1:${await closedPort()}`, config.mailFrom);
    const id = await app.mailer.enqueue(db, codeMail('dave@ou.edu'));
    const t0 = new Date(Date.now() + 1000);

    expect(await deliverDueMail(db, down, t0)).toMatchObject({ failed: 1, gaveUp: 0 });
    let stored = await row(id);
    expect(stored).toMatchObject({ attempts: 1, sentAt: null });
    expect(stored.lastError).toContain('ECONNREFUSED');
    expect(stored.sendAfter.getTime()).toBe(t0.getTime() + 30_000);

    const t1 = new Date(stored.sendAfter.getTime() + 1);
    expect(await deliverDueMail(db, down, t1)).toMatchObject({ failed: 1 });
    stored = await row(id);
    expect(stored.attempts).toBe(2);
    expect(stored.sendAfter.getTime()).toBe(t1.getTime() + 60_000);

    await db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    const t2 = new Date(stored.sendAfter.getTime() + 1);
    expect(await deliverDueMail(db, down, t2)).toMatchObject({ failed: 1, gaveUp: 1 });
    stored = await row(id);
    expect(stored).toMatchObject({ attempts: MAX_ATTEMPTS, sentAt: null });
    expect(stored.lastError).toContain('ECONNREFUSED');

    // Given up: even a working relay a day later does not take it.
    expect(await deliverDueMail(db, transport, new Date(t2.getTime() + 86_400_000))).toMatchObject({ claimed: 0 });
    down.close();
  });

  it('lets two concurrent passes share the queue, delivering each mail exactly once (SKIP LOCKED)', async () => {
    for (let i = 0; i < 20; i++) await app.mailer.enqueue(db, codeMail(`user${i}@ou.edu`, String(1000 + i)));
    const gate = gatedTransport();

    const passes = Promise.all([deliverDueMail(db, gate.transport), deliverDueMail(db, gate.transport)]);
    // Both passes hold a batch at the same time: each is delivering its first mail. Without
    // SKIP LOCKED the second would wait on the first one's row locks and never get here.
    await gate.until(() => gate.waiting.length === 2);
    gate.open();

    expect((await passes).map((p) => p.sent)).toEqual([10, 10]);
    expect(gate.delivered).toHaveLength(20);
    expect(new Set(gate.delivered).size).toBe(20);
    const unsent = (await db.select().from(mailOutbox)).filter((m) => !m.sentAt);
    expect(unsent).toEqual([]);
  });
});

describe('claim → commit → send', () => {
  it('holds no transaction while the relay talks; a claimed mail is leased, not taken by another pass', async () => {
    const id = await app.mailer.enqueue(db, codeMail('lease@ou.edu'));
    const gate = gatedTransport();
    const t0 = new Date();
    const pass = deliverDueMail(db, gate.transport, t0);
    await gate.until(() => gate.waiting.length === 1);
    // Mid-delivery: no session of this database is inside a transaction, and the claim is committed.
    const { rows } = await db.$client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(rows[0].n).toBe(0);
    expect((await row(id)).sendAfter.getTime()).toBe(t0.getTime() + LEASE_MS);
    // Another pass (another instance) finds nothing due.
    expect(await deliverDueMail(db, gate.transport, t0)).toMatchObject({ claimed: 0 });
    gate.releaseAll();
    expect(await pass).toMatchObject({ claimed: 1, sent: 1 });
    expect(gate.delivered).toEqual(['lease@ou.edu']);
    const sent = await row(id);
    expect(sent.sentAt?.getTime()).toBe(t0.getTime());
    expect(sent.sendAfter.getTime()).toBeLessThanOrEqual(t0.getTime());
  });

  it('delivers again after the lease when a sender died mid-delivery (at least once)', async () => {
    const id = await app.mailer.enqueue(db, codeMail('crash@ou.edu'));
    const t0 = new Date();
    // A sender that claimed the mail and died before recording anything.
    const claimed = await leaseDueMail(db, t0, 10, new Date(t0.getTime() + LEASE_MS));
    expect(claimed.map((m) => m.id)).toEqual([id]);
    expect(await deliverDueMail(db, transport, new Date(t0.getTime() + LEASE_MS - 1))).toMatchObject({ claimed: 0 });
    expect(await deliverDueMail(db, transport, new Date(t0.getTime() + LEASE_MS))).toMatchObject({
      claimed: 1,
      sent: 1,
    });
    expect((await row(id)).sentAt).toBeInstanceOf(Date);
  });
});

describe('startMailSender', () => {
  it('delivers right away when kicked, and stop() waits for the pass in flight', async () => {
    const gate = gatedTransport();
    const sender = startMailSender({ db, transport: gate.transport, log: app.log, intervalMs: 60_000 });
    await sender.idle(); // the first pass, at start, found nothing; the next poll is a minute away

    const first = await app.mailer.enqueue(db, codeMail('erin@ou.edu'));
    expect((await row(first)).sentAt).toBeNull();
    sender.kick();
    await gate.until(() => gate.waiting.length === 1);
    gate.releaseAll();
    await sender.idle();
    expect((await row(first)).sentAt).toBeInstanceOf(Date);

    // The relay is slow to accept the next one: stop() waits for it.
    const second = await app.mailer.enqueue(db, codeMail('frank@ou.edu'));
    sender.kick();
    await gate.until(() => gate.waiting.length === 1);
    let stopped = false;
    const stopping = sender.stop().then(() => {
      stopped = true;
    });
    expect((await row(second)).sentAt).toBeNull();
    expect(stopped).toBe(false);
    gate.releaseAll();
    await stopping;
    expect((await row(second)).sentAt).toBeInstanceOf(Date);

    // Stopped: kicks do nothing.
    const third = await app.mailer.enqueue(db, codeMail('gina@ou.edu'));
    sender.kick();
    await sender.idle();
    expect((await row(third)).sentAt).toBeNull();
    expect(gate.delivered).toEqual(['erin@ou.edu', 'frank@ou.edu']);
  });

  it('polls on its own', async () => {
    const id = await app.mailer.enqueue(db, codeMail('hank@ou.edu'));
    const sender = startMailSender({ db, transport, log: app.log, intervalMs: 20 });
    await vi.waitFor(async () => expect((await row(id)).sentAt).toBeInstanceOf(Date), { timeout: 5000 });
    await sender.stop();
  });

  it('delivers all of 300 mails queued at once, without waiting for a poll (one clock)', async () => {
    const gate = gatedTransport();
    gate.open();
    const sender = startMailSender({ db, transport: gate.transport, log: app.log, intervalMs: 60_000 });
    await sender.idle();

    // 300 mails, each queued and kicked while the sender is busy delivering the ones before, as
    // a crowd of requests would. One after another: 300 inserts racing for the test's pool of 4
    // time out waiting for a connection on a busy machine, which tests the pool, not the sender.
    for (let i = 0; i < 300; i++) {
      await enqueueMail(db, codeMail(`crowd${i}@ou.edu`, String(1000 + i)), new Date());
      sender.kick();
    }
    await sender.idle();

    const unsent = await db.select({ to: mailOutbox.to }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
    expect(unsent).toEqual([]);
    expect(gate.delivered).toHaveLength(300);
    expect(new Set(gate.delivered).size).toBe(300);
    await sender.stop();
  });

  it('compares due times with the clock it was given, never the database clock', async () => {
    // The app's clock runs an hour behind the database: a mail queued "now" is due "now".
    const behind = { now: () => new Date(Date.now() - 3_600_000) };
    const gate = gatedTransport();
    gate.open();
    const sender = startMailSender({ db, transport: gate.transport, log: app.log, intervalMs: 60_000, clock: behind });
    await sender.idle();
    const id = await enqueueMail(db, codeMail('ivy@ou.edu'), behind.now());
    sender.kick();
    await sender.idle();
    const sent = await row(id);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(Math.abs((sent.sentAt?.getTime() ?? 0) - sent.sendAfter.getTime())).toBeLessThan(60_000);
    await sender.stop();
  });
});

describe('retries', () => {
  it('back off from 30 s, doubling, capped at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000,
    ]);
  });

  it('keep a short error without credentials', () => {
    const error = Object.assign(new Error('Invalid login for smtps://mailer:s3cret@smtp.example.com:465\n 535 nope'), {
      code: 'EAUTH',
    });
    const kept = describeMailError(error);
    expect(kept).toBe('EAUTH: Invalid login for smtps://smtp.example.com:465 535 nope');
    expect(describeMailError(new Error('x'.repeat(1000)))).toHaveLength(300);
  });
});
