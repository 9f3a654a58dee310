import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CHAT_EVENT_TYPES, type Message } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { member } from '../../../test/posts.ts';
import { buildApp } from '../../app.ts';
import { createDatabase, type Database } from '../../db/client.ts';

/** Two app instances on one database: as far as events go, two server processes. */
let ctx: TestContext;
let second: FastifyInstance;
let secondDb: Database;
const ports: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  ports[0] = (ctx.app.server.address() as AddressInfo).port;
  secondDb = createDatabase(String(ctx.db.$client.options.connectionString), { max: 4 });
  second = await buildApp({ config: ctx.config, db: secondDb });
  await second.listen({ port: 0, host: '127.0.0.1' });
  ports[1] = (second.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await second?.close();
  await secondDb?.$client.end();
});

interface LiveEvent {
  type: string;
  payload: Record<string, unknown>;
}

/** A browser tab's /api/events stream on one instance, parsed as EventSource would. */
function listen(
  browser: TestBrowser,
  port: number,
): Promise<{ events: LiveEvent[]; ready: () => boolean; close: () => void }> {
  const cookies = (browser as unknown as { cookies: Map<string, string> }).cookies;
  return new Promise((resolve, reject) => {
    const events: LiveEvent[] = [];
    let isReady = false;
    let buffer = '';
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/events',
        headers: {
          host: browser.host,
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          accept: 'text/event-stream',
        },
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream refused: ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let at = buffer.indexOf('\n\n'); at >= 0; at = buffer.indexOf('\n\n')) {
            const lines = buffer.slice(0, at).split('\n');
            buffer = buffer.slice(at + 2);
            const name = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
            const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
            if (name === 'ready') isReady = true;
            else if (name === 'message' && data) events.push(JSON.parse(data) as LiveEvent);
          }
        });
        resolve({ events, ready: () => isReady, close: () => req.destroy() });
      },
    );
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

/** Waits until `check` holds (polls on the event loop; no fixed sleeps). */
async function until(check: () => boolean, timeoutMs = 5_000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

describe('live chat across two server instances', () => {
  it("a message sent through one instance reaches the recipient's stream on the other; Seen comes back", async () => {
    const a = await member(ctx.app, ctx.db, 'ou', 'Alma Live');
    const b = await member(ctx.app, ctx.db, 'ou', 'Boris Live');
    const third = await member(ctx.app, ctx.db, 'ou', 'Tess Outsider');
    const chat = await openChatWith(a.browser, b.user.id);

    const bStream = await listen(b.browser, ports[1] as number);
    const aStream = await listen(a.browser, ports[0] as number);
    const thirdStream = await listen(third.browser, ports[1] as number);
    try {
      await until(() => bStream.ready() && aStream.ready() && thirdStream.ready());
      const sent = (await sendMessageAs(a.browser, chat.id, { plainText: 'Still available?' })).json() as Message;

      await until(() =>
        bStream.events.some((e) => e.type === CHAT_EVENT_TYPES.messageCreated && e.payload.messageId === sent.id),
      );
      await until(() =>
        bStream.events.some((e) => e.type === CHAT_EVENT_TYPES.unreadChanged && e.payload.messages === 1),
      );
      expect(bStream.events.find((e) => e.type === CHAT_EVENT_TYPES.messageCreated)?.payload).toEqual({
        chatId: chat.id,
        messageId: sent.id,
      });

      // B opens the chat through the second instance; A's tab on the first learns it is Seen.
      const seen = await second.inject({
        method: 'POST',
        url: `/api/chats/${chat.id}/seen`,
        headers: {
          host: b.browser.host,
          origin: `http://${b.browser.host}`,
          cookie: [...(b.browser as unknown as { cookies: Map<string, string> }).cookies]
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
        },
      });
      expect(seen.statusCode).toBe(200);
      await until(() =>
        aStream.events.some((e) => e.type === CHAT_EVENT_TYPES.chatSeen && e.payload.chatId === chat.id),
      );

      // A tab of someone else heard nothing about this chat.
      expect(thirdStream.events.filter((e) => JSON.stringify(e).includes(chat.id))).toEqual([]);
    } finally {
      bStream.close();
      aStream.close();
      thirdStream.close();
    }
  });
});
