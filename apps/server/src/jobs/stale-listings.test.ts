import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createPostAs, member } from '../../test/posts.ts';
import { notifications, posts } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { startJobRunner } from './runner.ts';

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db } = await createTestApp({}, { clock });
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

describe('the stale-listings job on the job runner (docs/product/selling.md#listings-that-go-stale)', () => {
  it('asks on the injected clock after 30 days and expires 14 days later, each once', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Jo Job');
    const created = await createPostAs(browser, { plainText: 'Floor lamp\nTall', priceCents: 2500 });
    const postId = created.json().id as string;
    const listing = async () => (await db.select().from(posts).where(eq(posts.id, postId)))[0];
    const questions = async () =>
      db
        .select()
        .from(notifications)
        .where(and(eq(notifications.postId, postId), eq(notifications.type, 'still available')));
    const runner = await startJobRunner({ url, db, clock, log: app.log, pollingIntervalSeconds: 0.5 });
    const run = async () => {
      let id: string | null = null;
      await until(async () => {
        id = await runner.staleListingsNow();
        return id !== null;
      });
      await until(async () => (await runner.boss.getJobById('stale-listings', id ?? ''))?.state === 'completed');
    };
    try {
      await run();
      expect((await listing())?.staleAskedAt).toBeNull();
      offsetMs = 30 * DAY + 60_000;
      await run();
      expect((await listing())?.staleAskedAt).not.toBeNull();
      expect(await questions()).toHaveLength(1);
      expect((await questions())[0]).toMatchObject({ toUserId: user.id, fromUserId: user.id });
      await run();
      expect(await questions()).toHaveLength(1);
      expect((await listing())?.expiredAt).toBeNull();
      offsetMs = 44 * DAY + 120_000;
      await run();
      expect((await listing())?.expiredAt).not.toBeNull();
    } finally {
      await runner.stop();
    }
  }, 30_000);
});
