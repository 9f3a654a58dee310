import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activeAd, newPost } from '../../test/ads.ts';
import { createTestApp } from '../../test/app.ts';
import { member } from '../../test/posts.ts';
import { ads } from '../db/schema/index.ts';
import type { Clock } from '../lib/clock.ts';
import { startJobRunner } from './runner.ts';

let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db } = await createTestApp({}, { clock });
const url = String(db.$client.options.connectionString);

/** Waits until `check` holds (polls; no fixed sleeps). */
async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the ad clock on the job runner', () => {
  it('completes an ad whose run is used, on the injected clock, once', async () => {
    const { browser } = await member(app, db, 'ou', 'Clara Clock');
    const post = await newPost(browser);
    const { adId } = await activeAd(browser, post.id, { goal: 'message', days: 1 });
    const status = async () => (await db.select().from(ads).where(eq(ads.id, adId)))[0];
    const runner = await startJobRunner({ url, db, clock, log: app.log, pollingIntervalSeconds: 0.5 });
    /** One tick through pg-boss: queued, then waited for until the job has completed. */
    const tick = async () => {
      let id: string | null = null;
      await until(async () => {
        id = await runner.adClockNow();
        return id !== null;
      });
      await until(async () => (await runner.boss.getJobById('ad-clock', id ?? ''))?.state === 'completed');
    };
    try {
      // Still running on the real clock: a tick only accrues spend.
      await tick();
      expect((await status())?.status).toBe('active');
      offsetMs = 86_400_000 + 60_000;
      await tick();
      const done = await status();
      expect(done).toMatchObject({ status: 'completed', totalSpent: 500 });
      // A later tick leaves a completed ad alone.
      await tick();
      expect((await status())?.lastModified.getTime()).toBe(done?.lastModified.getTime());
    } finally {
      await runner.stop();
    }
  }, 30_000);
});
