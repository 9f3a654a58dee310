import { CAMPUS_IDS } from '@campus/contract';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { member } from '../../test/posts.ts';
import { events } from '../db/schema/index.ts';
import { EVENTS_CHANNEL, publishEvent } from './events.ts';

let ctx: TestContext;
let userId: string;
let listener: pg.Client;
const notified: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  userId = (await member(ctx.app, ctx.db, 'ou', 'Event Target')).user.id;
  listener = new pg.Client({ connectionString: ctx.db.$client.options.connectionString });
  await listener.connect();
  listener.on('notification', (n) => {
    if (n.channel === EVENTS_CHANNEL && n.payload) notified.push(n.payload);
  });
  await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
});
afterAll(async () => {
  await listener?.end();
});

/** Waits until `check` holds, polling on the event loop (no fixed sleeps). */
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5_000) {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('publishEvent', () => {
  it('announces nothing and stores nothing when the transaction rolls back', async () => {
    let id = '';
    await expect(
      ctx.db.transaction(async (tx) => {
        id = await publishEvent(tx, { campusId: CAMPUS_IDS.ou, userId, type: 'test.rolled-back', payload: {} });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A committed marker published afterwards is announced; the rolled-back one never is.
    const marker = await ctx.db.transaction((tx) =>
      publishEvent(tx, { campusId: CAMPUS_IDS.ou, userId, type: 'test.marker', payload: {} }),
    );
    await until(() => notified.includes(marker));
    expect(notified).not.toContain(id);
    expect(await ctx.db.select().from(events).where(eq(events.id, id))).toEqual([]);
  });

  it('stores the row and announces its id once when the transaction commits', async () => {
    const id = await ctx.db.transaction((tx) =>
      publishEvent(tx, { campusId: CAMPUS_IDS.ou, userId, type: 'test.committed', payload: { a: 1 } }),
    );
    await until(() => notified.includes(id));
    const [row] = await ctx.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({ campusId: CAMPUS_IDS.ou, userId, type: 'test.committed', payload: { a: 1 } });
    expect(notified.filter((n) => n === id)).toHaveLength(1);
  });

  it('gives seqs in commit order on a campus: a later publisher waits for the earlier one to commit', async () => {
    const first = await ctx.db.$client.connect();
    try {
      await first.query('BEGIN');
      await first.query(`SELECT pg_advisory_xact_lock(hashtext('campus_events'), hashtext($1::text))`, [CAMPUS_IDS.ou]);
      let done = false;
      const second = ctx.db
        .transaction((tx) => publishEvent(tx, { campusId: CAMPUS_IDS.ou, userId, type: 'test.second', payload: {} }))
        .then((id) => {
          done = true;
          return id;
        });
      // The second publisher is blocked on the campus lock while the first is open.
      await until(async () => {
        const { rows } = await ctx.db.$client.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        return rows[0].n === 1;
      });
      expect(done).toBe(false);
      const { rows } = await first.query(
        `INSERT INTO events (id, seq, campus_id, user_id, type) VALUES ('first-event', nextval('events_seq_seq'), $1, $2, 'test.first') RETURNING seq`,
        [CAMPUS_IDS.ou, userId],
      );
      await first.query('COMMIT');
      const secondId = await second;
      const [secondRow] = await ctx.db.select().from(events).where(eq(events.id, secondId));
      expect(Number(secondRow?.seq)).toBeGreaterThan(Number(rows[0].seq));
    } finally {
      first.release();
    }
  });
});
