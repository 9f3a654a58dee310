import { CAMPUS_IDS } from '@campus/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { uniqueEmail } from '../../test/auth.ts';
import { member } from '../../test/posts.ts';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/client.ts';
import {
  accountCodeGuards,
  events,
  loginLockouts,
  mailOutbox,
  passwordAccountGuards,
  passwordKnownAddresses,
} from '../db/schema/index.ts';
import { publishEvent } from '../lib/events.ts';
import { enqueueMail, markMailSent } from '../modules/mail/mail.repo.ts';
import { purgeOld } from './purge.ts';
import { startJobRunner } from './runner.ts';

const { app, db, config } = await createTestApp();
const url = String(db.$client.options.connectionString);
const DAY = 86_400_000;

/** Waits until `check` holds (polls; no fixed sleeps). */
async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Old and fresh rows of every purged table; returns the ids that must survive and go. */
async function seedRows() {
  const { user } = await member(app, db, 'ou', 'Purge Target');
  const oldEvent = await db.transaction((tx) =>
    publishEvent(tx, { campusId: CAMPUS_IDS.ou, userId: user.id, type: 'test.old', payload: {} }),
  );
  await db.execute(sql`UPDATE events SET created_at = now() - interval '8 days' WHERE id = ${oldEvent}`);
  const freshEvent = await db.transaction((tx) =>
    publishEvent(tx, { campusId: CAMPUS_IDS.ou, userId: user.id, type: 'test.fresh', payload: {} }),
  );

  const [ended, counting, stale, locked] = [
    uniqueEmail('ended'),
    uniqueEmail('counting'),
    uniqueEmail('stale'),
    uniqueEmail('locked'),
  ];
  await db.insert(loginLockouts).values([
    { email: ended, failedAttempts: 5, lockedUntil: new Date(Date.now() - 60_000) },
    { email: counting, failedAttempts: 2, lastFailedAt: new Date() },
    { email: stale, failedAttempts: 2, lastFailedAt: new Date(Date.now() - 8 * DAY) },
    { email: locked, failedAttempts: 5, lockedUntil: new Date(Date.now() + 60_000) },
  ]);
  const [oldGuard, freshGuard] = [uniqueEmail('old-guard'), uniqueEmail('fresh-guard')];
  await db.insert(accountCodeGuards).values([
    {
      email: oldGuard,
      wrongGuesses: 3,
      guessesSince: new Date(Date.now() - 2 * DAY),
      sends: 1,
      sendsSince: new Date(Date.now() - 2 * DAY),
      lastSentAt: new Date(Date.now() - 2 * DAY),
    },
    { email: freshGuard, wrongGuesses: 1, guessesSince: new Date(), sends: 0 },
  ]);
  const now = new Date();
  const mail = { subject: 's', html: '<p>h</p>', text: 't' };
  const oldSent = await enqueueMail(db, { to: 'old@ou.edu', ...mail }, new Date(now.getTime() - 9 * DAY));
  await markMailSent(db, oldSent, new Date(now.getTime() - 8 * DAY));
  const recentSent = await enqueueMail(db, { to: 'recent@ou.edu', ...mail }, now);
  await markMailSent(db, recentSent, new Date(now.getTime() - DAY));
  const oldUnsent = await enqueueMail(db, { to: 'unsent@ou.edu', ...mail }, new Date(now.getTime() - 9 * DAY));
  return {
    gone: { events: [oldEvent], lockouts: [ended, stale], guards: [oldGuard], mail: [oldSent] },
    kept: { events: [freshEvent], lockouts: [counting, locked], guards: [freshGuard], mail: [recentSent, oldUnsent] },
  };
}

async function present(rows: Awaited<ReturnType<typeof seedRows>>['gone']) {
  const has = async (q: Promise<unknown[]>) => (await q).length > 0;
  return {
    events: await Promise.all(rows.events.map((id) => has(db.select().from(events).where(eq(events.id, id))))),
    lockouts: await Promise.all(
      rows.lockouts.map((e) => has(db.select().from(loginLockouts).where(eq(loginLockouts.email, e)))),
    ),
    guards: await Promise.all(
      rows.guards.map((e) => has(db.select().from(accountCodeGuards).where(eq(accountCodeGuards.email, e)))),
    ),
    mail: await Promise.all(rows.mail.map((id) => has(db.select().from(mailOutbox).where(eq(mailOutbox.id, id))))),
  };
}

describe('purgeOld', () => {
  it('deletes old events, ended lockouts, spent code guards and week-old sent mail; keeps everything else', async () => {
    const { gone, kept } = await seedRows();
    const result = await purgeOld(db, new Date());
    expect(result).toMatchObject({ events: 1, loginLockouts: 2, accountCodeGuards: 1, sentMail: 1 });
    expect(await present(gone)).toEqual({ events: [false], lockouts: [false, false], guards: [false], mail: [false] });
    expect(await present(kept)).toEqual({ events: [true], lockouts: [true, true], guards: [true], mail: [true, true] });
  });
});

describe('purgeOld: password guards', () => {
  it('deletes account failures quiet for a day and addresses proved over 90 days ago; keeps the rest', async () => {
    const [quiet, recent, stale, proved] = [
      uniqueEmail('quiet'),
      uniqueEmail('recent'),
      uniqueEmail('stale'),
      uniqueEmail('proved'),
    ];
    await db.insert(passwordAccountGuards).values([
      { email: quiet, failures: 12, lastFailedAt: new Date(Date.now() - 2 * DAY) },
      { email: recent, failures: 12, lastFailedAt: new Date(Date.now() - DAY / 2) },
    ]);
    await db.insert(passwordKnownAddresses).values([
      { email: stale, clientIp: '10.9.9.1', provedAt: new Date(Date.now() - 91 * DAY) },
      { email: proved, clientIp: '10.9.9.2', provedAt: new Date(Date.now() - 89 * DAY) },
    ]);
    const result = await purgeOld(db, new Date());
    expect(result.passwordGuards).toBeGreaterThanOrEqual(2);
    const guards = (await db.select().from(passwordAccountGuards)).map((g) => g.email);
    expect(guards).toContain(recent);
    expect(guards).not.toContain(quiet);
    const addresses = (await db.select().from(passwordKnownAddresses)).map((a) => a.email);
    expect(addresses).toContain(proved);
    expect(addresses).not.toContain(stale);
  });
});

describe('job runner (pg-boss)', () => {
  it('runs a queued purge job, keeps its hourly schedule in the database, and stops', async () => {
    const runner = await startJobRunner({ url, db, log: app.log, pollingIntervalSeconds: 0.5 });
    try {
      const { gone } = await seedRows();
      expect(await runner.purgeNow()).toEqual(expect.any(String));
      await until(async () => (await present(gone)).events[0] === false);
      const schedules = await runner.boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
        ['ad-clock', '* * * * *'],
        ['purge', '17 * * * *'],
        ['saved-search-alerts', '* * * * *'],
        ['stale-listings', '41 * * * *'],
      ]);
    } finally {
      const started = Date.now();
      await runner.stop();
      expect(Date.now() - started).toBeLessThan(6_000);
    }
  }, 30_000);

  it('starts with the app when asked and stops when it closes; test apps run none by default', async () => {
    expect(app.jobs).toBeUndefined();
    const db2 = createDatabase(url, { max: 2 });
    const withJobs = await buildApp({ config, db: db2, jobs: true });
    await withJobs.ready();
    expect(withJobs.jobs).toBeDefined();
    await withJobs.close();
    expect(withJobs.jobs).toBeUndefined();
    await db2.$client.end();
  }, 30_000);
});

afterAll(async () => {
  // pg-boss leaves no connection behind (a backend leaves pg_stat_activity a moment after its client).
  await until(async () => {
    const { rows } = await db.$client.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'campus-jobs'`,
    );
    return rows[0].n === 0;
  });
});
