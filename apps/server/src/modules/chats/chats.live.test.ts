import type { AddressInfo } from 'node:net';
import { CHAT_EVENT_TYPES, type Message } from '@campus/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { member } from '../../../test/posts.ts';
import { cookieHeader, listen, until } from '../../../test/sse.ts';
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
          cookie: cookieHeader(b.browser),
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
