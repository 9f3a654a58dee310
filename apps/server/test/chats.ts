import type { ChatPage, OpenChatResponse } from '@campus/contract';
import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import type { TestBrowser } from './auth.ts';
import type { FilePart } from './posts.ts';

/** The chat composer's multipart body: the `message` JSON field and the files (field `file`). */
export function messageForm(message: Record<string, unknown> | string, files: FilePart[] = []) {
  const boundary = '----campus-message-boundary';
  const json = typeof message === 'string' ? message : JSON.stringify(message);
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\n${json}\r\n`),
  ];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function sendMessageAs(
  browser: TestBrowser,
  chatId: string,
  message: Record<string, unknown> | string,
  files: FilePart[] = [],
) {
  const form = messageForm(message, files);
  return browser.send('POST', `/api/chats/${chatId}/messages`, form.payload, form.contentType);
}

/** Opens (or starts) the chat of `browser`'s user with `userId`; throws unless it worked. */
export async function openChatWith(browser: TestBrowser, userId: string): Promise<OpenChatResponse['chat']> {
  const res = await browser.post('/api/chats', { userId });
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`open chat failed: ${res.body}`);
  return (res.json() as OpenChatResponse).chat;
}

export async function chatPage(browser: TestBrowser, chatId: string, cursor?: string): Promise<ChatPage> {
  const res = await browser.get(`/api/chats/${chatId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
  if (res.statusCode !== 200) throw new Error(`chat page failed: ${res.body}`);
  return res.json() as ChatPage;
}

/**
 * The plan of `query` on tables filled by `fill` (thousands of rows, so the planner's choice is
 * the one production makes), all inside a transaction that is rolled back. Foreign keys are
 * not checked while filling (session_replication_role = replica), so the rows need no users.
 */
export async function planWithRows(db: Database, fill: SQL, query: SQL): Promise<string> {
  let plan = '';
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.execute(fill);
      await tx.execute(sql`ANALYZE chats, messages, notifications`);
      const rows = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${query}`);
      plan = rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return plan;
}
