import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { CHAT_EVENT_TYPES, type Message } from '@campus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { messageForm, openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { member } from '../../../test/posts.ts';
import { cookieHeader, listen, until } from '../../../test/sse.ts';

/**
 * Two server PROCESSES on one PostgreSQL (docs/decisions/014-events-and-jobs.md): this test's app, listening, and
 * the real entry point (`node --import tsx src/server.ts`) started as a child process on the same
 * database. Live events cross between them only through PostgreSQL LISTEN/NOTIFY.
 */
let ctx: TestContext;
let localPort: number;
let childPort: number;
let child: ChildProcess;
let childExit: Promise<number | null>;
let childOutput = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the child answers /api/health (polled; the child logs why if it dies). */
async function childHealthy(port: number, deadlineMs = 60_000): Promise<void> {
  const start = Date.now();
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}:\n${childOutput}`);
    if (Date.now() - start > deadlineMs) throw new Error(`server process did not become healthy:\n${childOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  localPort = (ctx.app.server.address() as net.AddressInfo).port;
  childPort = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../server.ts')], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: String(ctx.db.$client.options.connectionString),
      PORT: String(childPort),
      HOST: '127.0.0.1',
      DATA_DIR: ctx.config.dataDir,
      WEB_DIST: '/nonexistent',
      DEMO: 'off',
      LOG_LEVEL: 'warn',
      // The same secret: a session made through one process is valid on the other.
      AUTH_SECRET: ctx.config.authSecret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => {
    childOutput += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    childOutput += c.toString();
  });
  childExit = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  await childHealthy(childPort);
}, 90_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await childExit;
  }
});

/** Sends a chat message through the child process over real HTTP. */
function sendThroughChild(
  browser: TestBrowser,
  chatId: string,
  text: string,
): Promise<{ status: number; body: string }> {
  const form = messageForm({ plainText: text });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: childPort,
        method: 'POST',
        path: `/api/chats/${chatId}/messages`,
        headers: {
          host: browser.host,
          origin: `http://${browser.host}`,
          cookie: cookieHeader(browser),
          'content-type': form.contentType,
          'content-length': form.payload.length,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(form.payload);
  });
}

describe('two server processes on one PostgreSQL', () => {
  it('a message posted through one process reaches an SSE client of the other, both ways; the child stops cleanly', async () => {
    const a = await member(ctx.app, ctx.db, 'ou', 'Ada Process');
    const b = await member(ctx.app, ctx.db, 'ou', 'Bo Process');
    const chat = await openChatWith(a.browser, b.user.id);

    // B's tab is connected to the child process, A's to this one.
    const bOnChild = await listen(b.browser, childPort);
    const aHere = await listen(a.browser, localPort);
    try {
      await until(() => bOnChild.ready() && aHere.ready(), 10_000);

      const sent = (
        await sendMessageAs(a.browser, chat.id, { plainText: 'Posted through process one' })
      ).json() as Message;
      await until(
        () =>
          bOnChild.events.some((e) => e.type === CHAT_EVENT_TYPES.messageCreated && e.payload.messageId === sent.id),
        10_000,
      );

      const reply = await sendThroughChild(b.browser, chat.id, 'Posted through process two');
      expect(reply.status).toBe(201);
      const replyId = (JSON.parse(reply.body) as Message).id;
      await until(
        () => aHere.events.some((e) => e.type === CHAT_EVENT_TYPES.messageCreated && e.payload.messageId === replyId),
        10_000,
      );
      // Each side heard each message once.
      const created = (events: typeof aHere.events) =>
        events.filter((e) => e.type === CHAT_EVENT_TYPES.messageCreated).map((e) => e.payload.messageId);
      await until(() => created(bOnChild.events).length === 2, 10_000);
      expect(created(bOnChild.events)).toEqual([sent.id, replyId]);
      expect(created(aHere.events)).toEqual([sent.id, replyId]);
    } finally {
      bOnChild.close();
      aHere.close();
    }

    // SIGTERM ends the child's streams and connections; it exits 0.
    child.kill('SIGTERM');
    expect(await childExit).toBe(0);
  }, 60_000);
});
