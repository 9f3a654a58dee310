import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDatabase } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

// mkdtemp makes a mode-700 folder, as CI's clone may be: the server must still start there.
const root = await mkdtemp(path.join(os.tmpdir(), 'campus-embedded-'));
afterAll(() => rm(root, { recursive: true, force: true }));

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('starts inside a mode-700 folder, keeps data across a restart, and has the extensions', async () => {
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    const dataDir = path.join(root, 'restart');
    const first = await startEmbeddedPostgres({ dataDir });
    await query(first.adminUrl, 'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$hello$$)');
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await query(second.adminUrl, 'SELECT v FROM kept')).toEqual([{ v: 'hello' }]);
      await query(second.adminUrl, 'CREATE EXTENSION pg_trgm; CREATE EXTENSION unaccent; CREATE EXTENSION citext');
      const [row] = await query(
        second.adminUrl,
        "SELECT unaccent('Café') AS u, similarity('chair', 'chairs') > 0.5 AS s",
      );
      expect(row).toEqual({ u: 'Cafe', s: true });
    } finally {
      await second.stop();
    }
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('runs its binaries from node_modules/.cache, in a process group of its own', async () => {
    const server = await startEmbeddedPostgres({ dataDir: path.join(root, 'where') });
    try {
      const pid = server.pid as number;
      const binary = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')[0] ?? '';
      expect(binary).toMatch(/\/node_modules\/\.cache\/campus-postgres-[^/]+\/bin\/postgres$/);
      expect(binary.startsWith(os.tmpdir())).toBe(false);
      // Field 5 of /proc/<pid>/stat is the process group: not ours, so Ctrl-C in our terminal
      // does not reach it before we stop it.
      const group = (pidOf: number | string) =>
        readFile(`/proc/${pidOf}/stat`, 'utf8').then((stat) => stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      expect(await group(pid)).toBe(String(pid));
      expect(await group('self')).not.toBe(String(pid));
    } finally {
      await server.stop();
    }
  });

  it('comes up after the previous process was killed with SIGKILL', async () => {
    const dataDir = path.join(root, 'killed');
    // A separate process starts the server and is then killed without any chance to clean up.
    const script = `import { startEmbeddedPostgres } from ${JSON.stringify(path.join(import.meta.dirname, 'embedded.ts'))};
      await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} });
      console.log('ready');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
      cwd: path.join(import.meta.dirname, '../..'),
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`child exited early (${code})`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const stalePid = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(() => process.kill(stalePid, 0)).not.toThrow(); // the orphaned server is still running

    const again = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await query(again.adminUrl, 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
      expect(() => process.kill(stalePid, 0)).toThrow();
    } finally {
      await again.stop();
    }
  }, 60_000);

  it('is started again when its postmaster dies, and the app’s pool reconnects by itself', async () => {
    const logged: string[] = [];
    const server = await startEmbeddedPostgres({ dataDir: path.join(root, 'revive'), log: (m) => logged.push(m) });
    const db = createDatabase(server.adminUrl, { max: 2 });
    try {
      await db.execute(sql`CREATE TABLE survived (v text); INSERT INTO survived VALUES ('before')`);
      const firstPid = server.pid;
      expect(firstPid).toBeGreaterThan(0);

      process.kill(firstPid as number, 'SIGKILL');

      await vi.waitFor(() => expect(server.restarts).toBe(1), { timeout: 30_000, interval: 50 });
      expect(server.pid).not.toBe(firstPid);
      expect(() => process.kill(firstPid as number, 0)).toThrow();
      // The same pool, never rebuilt, works again once it has noticed.
      await vi.waitFor(
        async () => {
          const { rows } = await db.execute<{ v: string }>(sql`SELECT v FROM survived`);
          expect(rows).toEqual([{ v: 'before' }]);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(logged.filter((m) => /exited unexpectedly/.test(m))).toEqual([
        'PostgreSQL exited unexpectedly (SIGKILL); restarting it',
      ]);
      expect(logged.filter((m) => /running again/.test(m))).toHaveLength(1);
    } finally {
      await db.$client.end();
      await server.stop();
    }
    // Stopped on purpose: not restarted.
    expect(server.restarts).toBe(1);
    expect(() => process.kill(server.pid as number, 0)).toThrow();
  }, 60_000);
});
