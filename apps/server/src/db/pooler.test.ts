import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { relay } from '../../test/relay.ts';
import { until } from '../../test/sse.ts';
import { buildApp } from '../app.ts';
import { createDatabase, type Database, directUrlOf } from './client.ts';
import { runNamed } from './named-statements.ts';
import { ads } from './schema/index.ts';

const { db, config } = await createTestApp();
const url = String(db.$client.options.connectionString);

const opened: Array<{ end(): Promise<unknown> }> = [];
afterAll(async () => {
  for (const o of opened.reverse()) await o.end();
});

/** Names of this connection's prepared statements (pg_prepared_statements is per session). */
async function preparedOn(handle: Database): Promise<string[]> {
  const rows = await handle.execute<{ name: string }>(sql`SELECT name FROM pg_prepared_statements ORDER BY name`);
  return rows.rows.map((r) => r.name);
}

describe('DATABASE_PREPARED_STATEMENTS', () => {
  it('on (default): named statements are prepared once on the connection', async () => {
    const one = createDatabase(url, { max: 1 });
    opened.push(one.$client);
    await runNamed(one, 'pooler_test_named', () => 'SELECT $1::int AS v', [1]);
    await one
      .select()
      .from(ads)
      .where(sql`${ads.id} = ${sql.placeholder('id')}`)
      .prepare('pooler_test_drizzle')
      .execute({ id: 'x' });
    expect(await preparedOn(one)).toEqual(['pooler_test_drizzle', 'pooler_test_named']);
  });

  it('off: the same calls run unnamed, leaving nothing prepared on the connection, with the same answers', async () => {
    const one = createDatabase(url, { max: 1, preparedStatements: false });
    opened.push(one.$client);
    const rows = await runNamed<{ v: number }>(one, 'pooler_test_named_off', () => 'SELECT $1::int AS v', [7]);
    expect(rows).toEqual([{ v: 7 }]);
    // A second run of the same name (with named statements, parsed once; here parsed again).
    expect(await runNamed(one, 'pooler_test_named_off', () => 'SELECT $1::int AS v', [8])).toEqual([{ v: 8 }]);
    const query = one
      .select()
      .from(ads)
      .where(sql`${ads.id} = ${sql.placeholder('id')}`)
      .prepare('pooler_test_off');
    expect(await query.execute({ id: 'x' })).toEqual([]);
    expect(await query.execute({ id: 'y' })).toEqual([]);
    await one.transaction(async (tx) => {
      await runNamed(tx, 'pooler_test_named_tx', () => 'SELECT 1', []);
    });
    expect(await preparedOn(one)).toEqual([]);
  });

  it('is read from the environment', async () => {
    const { loadConfig } = await import('../config.ts');
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'off' }).databasePreparedStatements).toBe(false);
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'maybe' })).toThrow(/DATABASE_PREPARED_STATEMENTS/);
  });
});

describe('DATABASE_DIRECT_URL', () => {
  it('defaults to the pool URL', () => {
    expect(directUrlOf(db)).toBe(url);
  });

  it('carries the LISTEN connection and pg-boss; requests go through the pooled URL', async () => {
    const pooled = await relay(url);
    const direct = await relay(url);
    const handle = createDatabase(pooled.url, { max: 2, directUrl: direct.url });
    opened.push(handle.$client, { end: pooled.close }, { end: direct.close });
    expect(directUrlOf(handle)).toBe(direct.url);
    const app = await buildApp({ config, db: handle, jobs: true });
    opened.push({ end: () => app.close() });
    await app.ready();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready', headers: { host: 'ou.localhost:3000' } });
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'ok', events: 'ok' });
    await until(() => direct.names.includes('campus-jobs'));
    expect(direct.names).toContain('campus-events');
    expect(pooled.names.length).toBeGreaterThan(0);
    expect(pooled.names).not.toContain('campus-events');
    expect(pooled.names).not.toContain('campus-jobs');
  });

  it('an unreachable direct URL shows in readiness as the events connection down, the database up', async () => {
    const handle = createDatabase(url, { max: 2, directUrl: 'postgres://postgres@127.0.0.1:1/none' });
    opened.push(handle.$client);
    const app = await buildApp({ config, db: handle });
    opened.push({ end: () => app.close() });
    await app.ready();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready', headers: { host: 'ou.localhost:3000' } });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not-ready', database: 'ok', events: 'down', draining: false });
  });
});
