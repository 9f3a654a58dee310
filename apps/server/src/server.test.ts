import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// The real entry point, as `npm start` runs it: embedded PostgreSQL in a fresh data folder.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'campus-server-'));
afterAll(() => rm(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(
  port: number,
  options: {
    logLevel?: string;
    stdout?: (text: string) => void;
    ownProcessGroup?: boolean;
    env?: Record<string, string>;
  } = {},
): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    // As in a terminal: a group of its own that Ctrl-C signals as a whole.
    detached: options.ownProcessGroup ?? false,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO: 'off',
      LOG_LEVEL: options.logLevel ?? 'warn',
      NODE_ENV: 'development',
      ...options.env,
    },
    stdio: ['ignore', options.stdout ? 'pipe' : 'ignore', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => options.stdout?.(c.toString()));
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (code !== 0) console.error(`server stderr:\n${stderr}`);
      resolve(code);
    }),
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, exited };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

const signUp = (port: number, email: string) =>
  fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify({ name: 'Rest Art', email, password: 'restart-123' }),
  });

describe('server process', () => {
  it('stops cleanly on SIGTERM, keeps its data, and starts again', async () => {
    const port = await freePort();
    const first = await startServer(port);
    expect((await signUp(port, 'kept@example.com')).status).toBe(200);

    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/campus`).then((r) => r.status);
    first.child.kill('SIGTERM');
    expect(await inFlight).toBe(200);
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = await startServer(port);
    const again = await signUp(port, 'kept@example.com');
    expect(((await again.json()) as { code: string }).code).toBe('EMAIL_IN_USE'); // the account survived
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('restarts its embedded PostgreSQL when it dies; logs JSON lines, one per request, without colour codes', async () => {
    const port = await freePort();
    let stdout = '';
    const server = await startServer(port, { logLevel: 'info', stdout: (text) => (stdout += text) });
    let healthCalls = 0;
    const health = () => {
      healthCalls += 1;
      return fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
    };
    expect(await health()).toBe(200);
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const postmaster = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    process.kill(postmaster, 'SIGKILL');

    // Unavailable for a moment (503, never a hang or a 500), then back without a restart of ours.
    const seen = new Set<number>();
    await vi.waitFor(
      async () => {
        const status = await health();
        seen.add(status);
        expect(status).toBe(200);
        expect(seen.has(503)).toBe(true);
      },
      { timeout: 30_000, interval: 20 },
    );
    expect([...seen].sort()).toEqual([200, 503]);
    // The pool may reconnect a moment before the restart is logged: wait for the line itself.
    await vi.waitFor(() => expect(stdout).toContain('PostgreSQL is running again'), { timeout: 30_000, interval: 20 });
    const restarted = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    expect(restarted).not.toBe(postmaster);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(stdout).not.toContain(String.fromCharCode(27));
    const lines = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; path?: string; status?: number; module?: string });
    const postgresLines = lines.filter((l) => l.module === 'postgres').map((l) => l.msg);
    expect(postgresLines).toHaveLength(2);
    expect(postgresLines[0]).toBe('PostgreSQL exited unexpectedly (SIGKILL); restarting it');
    expect(postgresLines[1]).toMatch(/^PostgreSQL is running again on 127\.0\.0\.1:\d+$/);
    // Fastify's own 'incoming request' / 'request completed' pair is gone: one line per request
    // (startServer's first successful poll, then each of ours).
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
    const healthLines = lines.filter((l) => l.msg === 'request' && l.path === '/api/health');
    expect(healthLines).toHaveLength(1 + healthCalls);
    expect(healthLines.filter((l) => l.status === 503).length).toBeGreaterThan(0);
  }, 120_000);

  it('on Ctrl-C stops the job runner, then the database, without cutting off a connection', async () => {
    const port = await freePort();
    let stdout = '';
    const server = await startServer(port, {
      logLevel: 'info',
      stdout: (text) => (stdout += text),
      ownProcessGroup: true,
    });
    const postgresLog = path.join(dataDir, 'postgres.log');
    const logBefore = (await readFile(postgresLog, 'utf8')).length;
    // Ctrl-C in a terminal sends SIGINT to every process of the foreground group.
    process.kill(-(server.child.pid as number), 'SIGINT');
    expect(await server.exited).toBe(0);
    const messages = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; err?: { message?: string } });
    const shutdown = messages.map((m) => m.msg).filter((m) => m && !m.startsWith('request'));
    const stopping = shutdown.indexOf('SIGINT received, shutting down');
    expect(stopping).toBeGreaterThanOrEqual(0);
    expect(shutdown.slice(stopping)).toEqual([
      'SIGINT received, shutting down',
      'draining: readiness is false',
      'job runner stopped',
      'database closed',
    ]);
    expect(messages.filter((m) => m.err)).toEqual([]);
    const postgresLines = (await readFile(postgresLog, 'utf8')).slice(logBefore);
    expect(postgresLines).toContain('received smart shutdown request');
    expect(postgresLines).not.toContain('terminating connection');
  }, 120_000);

  it('on SIGTERM drains first: not ready, still live and answering, then exits', async () => {
    const port = await freePort();
    // Long enough to observe; the test ends as soon as the process exits, not after a fixed wait.
    const server = await startServer(port, { env: { DRAIN_DELAY_MS: '4000' } });
    const status = (url: string) =>
      fetch(`http://127.0.0.1:${port}${url}`).then(
        (r) => r.status,
        () => 0,
      );
    expect(await status('/api/health/ready')).toBe(200);
    server.child.kill('SIGTERM');
    await vi.waitFor(async () => expect(await status('/api/health/ready')).toBe(503), { timeout: 3_000, interval: 20 });
    // During the delay the instance still serves (the balancer is moving away), closing each connection.
    const live = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    expect(await status('/api/campus')).toBe(200);
    expect(await server.exited).toBe(0);
    // The listener is closed: nothing answers any more.
    expect(await status('/api/health/live')).toBe(0);
  }, 120_000);

  it('says in one line why it cannot start', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')[0]).toMatch(/^error: Invalid configuration:/);
    expect(stderr).toContain('PORT');
  }, 30_000);
});
