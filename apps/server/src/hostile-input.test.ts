import net from 'node:net';
import type { PostPage } from '@campus/contract';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { TestBrowser, uniqueEmail, verifiedUser } from '../test/auth.ts';
import { createPostAs, member } from '../test/posts.ts';
import {
  accounts,
  authVerifications,
  bannedEmails,
  mailOutbox,
  postLikes,
  postMedia,
  posts,
  sessions,
  users,
  verificationCodes,
} from './db/schema/index.ts';

/**
 * docs/security.md#hostile-input: hostile input to every route family answers 4xx, never 5xx, and stores
 * nothing. One table; each case says what it sends, and after it the row counts of every
 * table a write could touch and the signed-in members' editable fields are unchanged.
 */
const { app, db } = await createTestApp();

const NUL = '\u0000';
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const json = (value: unknown) => JSON.stringify(value);

/** The composer's multipart body with the `post` field given as raw text (it may be hostile). */
function rawPostForm(postField: string) {
  const boundary = '----hostile-boundary';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="post"\r\n\r\n${postField}\r\n--${boundary}--\r\n`,
  );
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Sends a raw request line over a socket (inject cannot send an absolute-form target); returns the status. */
async function rawStatus(port: number, head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      data += chunk;
      const match = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (match) {
        socket.destroy();
        resolve(Number(match[1]));
      }
    });
    socket.on('error', reject);
    socket.on('end', () => reject(new Error(`no status line: ${data.slice(0, 200)}`)));
  });
}

type Family = 'request line' | 'campus' | 'geo' | 'users/me' | 'school-email' | 'posts' | 'saves' | 'auth';
interface Sent {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** A raw body (JSON text unless `contentType` says otherwise). */
  body?: string | Buffer;
  contentType?: string;
  /** Who sends it: a signed-in member (default), a verified user without a campus, or nobody. */
  as?: 'member' | 'joiner' | 'anonymous';
  headers?: Record<string, string>;
}
interface Case {
  family: Family;
  name: string;
  send: Sent | { raw: string };
}

let memberBrowser: TestBrowser;
let joinerBrowser: TestBrowser;
let anonymous: TestBrowser;
let postId: string;
let port: number;

const POST_FORM = (postField: string): Pick<Sent, 'body' | 'contentType'> => {
  const form = rawPostForm(postField);
  return { body: form.payload, contentType: form.contentType };
};

const CASES: Case[] = [
  // The request line: absolute URLs, NUL bytes, broken escapes.
  {
    family: 'request line',
    name: 'absolute URL in a GET',
    send: { raw: 'GET http://evil.example/api/me HTTP/1.1\r\nHost: ou.localhost\r\nConnection: close\r\n\r\n' },
  },
  {
    family: 'request line',
    name: 'absolute URL in a cross-site write',
    send: {
      raw: 'PUT http://ou.localhost/api/me/bio HTTP/1.1\r\nHost: evil.example\r\nOrigin: http://evil.example\r\nContent-Type: application/json\r\nContent-Length: 11\r\nConnection: close\r\n\r\n{"bio":"x"}',
    },
  },
  { family: 'request line', name: '%00 in the path', send: { method: 'GET', url: '/api/me%00' } },
  { family: 'request line', name: 'broken percent escape', send: { method: 'GET', url: '/api/posts/%E0%A4%A' } },
  // Campus
  { family: 'campus', name: '%00 in a campus id', send: { method: 'GET', url: '/api/campuses/ou%00/logo.svg' } },
  { family: 'campus', name: '%00 in a query', send: { method: 'GET', url: '/api/campus?x=%00', as: 'anonymous' } },
  {
    family: 'campus',
    name: '10,000-character campus id',
    send: { method: 'GET', url: `/api/campuses/${'o'.repeat(10_000)}/logo.svg` },
  },
  // Geo
  {
    family: 'geo',
    name: '%00 in the time zone',
    send: { method: 'GET', url: '/api/geo/check?timeZone=America%2FChicago%00' },
  },
  {
    family: 'geo',
    name: '10,000-character time zone',
    send: { method: 'GET', url: `/api/geo/check?timeZone=${'x'.repeat(10_000)}` },
  },
  // users/me
  {
    family: 'users/me',
    name: 'NUL in the bio',
    send: { method: 'PUT', url: '/api/me/bio', body: json({ bio: `hi${NUL}` }) },
  },
  {
    family: 'users/me',
    name: '10,000-character bio',
    send: { method: 'PUT', url: '/api/me/bio', body: json({ bio: 'b'.repeat(10_000) }) },
  },
  {
    family: 'users/me',
    name: '200,000-deep JSON body',
    send: { method: 'PUT', url: '/api/me/bio', body: deepArray(200_000) },
  },
  {
    family: 'users/me',
    name: 'bio nested 50,000 deep',
    send: { method: 'PUT', url: '/api/me/bio', body: `{"bio":${deepObject(50_000)}}` },
  },
  {
    family: 'users/me',
    name: 'NUL in a JSON key',
    send: { method: 'PUT', url: '/api/me/bio', body: `{"bio":"x","a\\u0000":1}` },
  },
  { family: 'users/me', name: 'malformed JSON', send: { method: 'PUT', url: '/api/me/bio', body: '{"bio":' } },
  {
    family: 'users/me',
    name: 'a body over the size limit (413)',
    send: { method: 'PUT', url: '/api/me/bio', body: json({ bio: 'x'.repeat(2 * 1024 * 1024) }) },
  },
  {
    family: 'users/me',
    name: 'a body of an unsupported type (415)',
    send: { method: 'PUT', url: '/api/me/bio', body: '<bio>x</bio>', contentType: 'application/xml' },
  },
  {
    family: 'users/me',
    name: 'NUL in the session cookie',
    send: {
      method: 'PUT',
      url: '/api/me/bio',
      body: json({ bio: 'x' }),
      headers: { cookie: 'better-auth.session_token=a%00b.c' },
    },
  },
  // School email
  {
    family: 'school-email',
    name: 'NUL in the school email',
    send: { method: 'POST', url: '/api/school-email/code', as: 'joiner', body: json({ email: `a${NUL}@ou.edu` }) },
  },
  {
    family: 'school-email',
    name: '10,000-character school email',
    send: {
      method: 'POST',
      url: '/api/school-email/code',
      as: 'joiner',
      body: json({ email: `${'a'.repeat(10_000)}@ou.edu` }),
    },
  },
  {
    family: 'school-email',
    name: 'NUL in the code',
    send: {
      method: 'POST',
      url: '/api/school-email/verify',
      as: 'joiner',
      body: json({ email: 'a@ou.edu', code: `12${NUL}4` }),
    },
  },
  {
    family: 'school-email',
    name: 'NUL in the campus id',
    send: {
      method: 'POST',
      url: '/api/school-email/code',
      as: 'joiner',
      body: json({ email: 'a@ou.edu', campusId: `ou${NUL}` }),
    },
  },
  {
    family: 'school-email',
    name: '200,000-deep JSON body',
    send: { method: 'POST', url: '/api/school-email/verify', as: 'joiner', body: deepArray(200_000) },
  },
  // Posts: cursors, ids, the composer's fields.
  {
    family: 'posts',
    name: 'cursor before year 1970',
    send: { method: 'GET', url: `/api/posts?cursor=${b64('-271821-04-20T00:00:00.000Z|x')}` },
  },
  {
    family: 'posts',
    name: 'cursor after year 9999',
    send: { method: 'GET', url: `/api/posts?cursor=${b64('+275760-09-13T00:00:00.000Z|x')}` },
  },
  { family: 'posts', name: 'cursor of garbage', send: { method: 'GET', url: '/api/posts?cursor=%%%garbage' } },
  {
    family: 'posts',
    name: 'NUL in a cursor id',
    send: { method: 'GET', url: `/api/posts?cursor=${b64(`2024-01-01T00:00:00.000Z|a${NUL}b`)}` },
  },
  {
    family: 'posts',
    name: 'media feed cursor out of range',
    send: { method: 'GET', url: `/api/posts/media?cursor=${b64('+100000-01-01T00:00:00.000Z|x')}` },
  },
  { family: 'posts', name: '%00 in the category', send: { method: 'GET', url: '/api/posts?category=furniture%00' } },
  { family: 'posts', name: '%00 in a post id', send: { method: 'GET', url: '/api/posts/abc%00def' } },
  {
    family: 'posts',
    name: 'NUL in the text',
    send: { method: 'POST', url: '/api/posts', ...POST_FORM(json({ plainText: `desk${NUL}lamp` })) },
  },
  {
    family: 'posts',
    name: 'editor text nested 50,000 deep',
    send: { method: 'POST', url: '/api/posts', ...POST_FORM(`{"plainText":"desk","text":${deepObject(50_000)}}`) },
  },
  {
    family: 'posts',
    name: '900 KB hidden editor text',
    send: {
      method: 'POST',
      url: '/api/posts',
      ...POST_FORM(json({ plainText: 'desk', text: { t: 'x'.repeat(900_000) } })),
    },
  },
  {
    family: 'posts',
    name: 'NUL inside the editor text',
    send: { method: 'POST', url: '/api/posts', ...POST_FORM(json({ plainText: 'desk', text: { root: `a${NUL}` } })) },
  },
  {
    family: 'posts',
    name: 'only zero-width characters',
    send: {
      method: 'POST',
      url: '/api/posts',
      ...POST_FORM(json({ plainText: '\u200b\u200c\u200d\u2060\ufeff\u200b' })),
    },
  },
  {
    family: 'posts',
    name: 'only blank filler letters',
    send: { method: 'POST', url: '/api/posts', ...POST_FORM(json({ plainText: '\u3164 \u2800\n\u115f' })) },
  },
  {
    family: 'posts',
    name: 'NUL in the parent id',
    send: { method: 'POST', url: '/api/posts', ...POST_FORM(json({ plainText: 'hi', parentId: `a${NUL}` })) },
  },
  {
    family: 'posts',
    name: '10,000-character parent id',
    send: { method: 'POST', url: '/api/posts', ...POST_FORM(json({ plainText: 'hi', parentId: 'p'.repeat(10_000) })) },
  },
  {
    family: 'posts',
    name: '10,000-character text',
    send: { method: 'POST', url: '/api/posts', ...POST_FORM(json({ plainText: 't'.repeat(10_000) })) },
  },
  {
    family: 'posts',
    name: 'a deep JSON body instead of a form',
    send: { method: 'POST', url: '/api/posts', body: deepArray(200_000) },
  },
  { family: 'posts', name: '%00 in a delete', send: { method: 'DELETE', url: '/api/posts/abc%00' } },
  // Saves
  { family: 'saves', name: '%00 in the saved post id', send: { method: 'POST', url: '/api/posts/%00/like' } },
  {
    family: 'saves',
    name: '200,000-deep body to a save',
    send: { method: 'POST', url: '/api/posts/{post}/like', body: deepArray(200_000) },
  },
  {
    family: 'saves',
    name: 'saved list cursor out of range',
    send: { method: 'GET', url: `/api/saved?cursor=${b64('0000-01-01T00:00:00.000Z|x')}` },
  },
  { family: 'saves', name: '65-character post id', send: { method: 'POST', url: `/api/posts/${'a'.repeat(65)}/like` } },
  // Auth (the accounts work owns its internals; the answers must still be 4xx and store nothing)
  {
    family: 'auth',
    name: 'NUL in a sign-in email',
    send: {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      as: 'anonymous',
      body: json({ email: `a${NUL}@example.com`, password: 'secret123' }),
    },
  },
  {
    family: 'auth',
    name: 'NUL in a sign-up name',
    send: {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      as: 'anonymous',
      body: json({ name: `Ann${NUL} Lee`, email: uniqueEmail('nul'), password: 'secret123' }),
    },
  },
  {
    family: 'auth',
    name: '10,000-character sign-up name',
    send: {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      as: 'anonymous',
      body: json({ name: `Ann ${'L'.repeat(10_000)}`, email: uniqueEmail('long'), password: 'secret123' }),
    },
  },
  {
    family: 'auth',
    name: '200,000-deep JSON body to sign-up',
    send: { method: 'POST', url: '/api/auth/sign-up/email', as: 'anonymous', body: deepArray(200_000) },
  },
  {
    family: 'auth',
    name: '200,000-deep JSON body to sign-in',
    send: { method: 'POST', url: '/api/auth/sign-in/email', as: 'anonymous', body: `{"email":${deepArray(200_000)}}` },
  },
  {
    family: 'auth',
    name: '%00 in an auth path',
    send: { method: 'GET', url: '/api/auth/get-session%00', as: 'anonymous' },
  },
  {
    family: 'auth',
    name: 'NUL in an email code',
    send: {
      method: 'POST',
      url: '/api/auth/email-otp/verify-email',
      as: 'anonymous',
      body: json({ email: 'someone@example.com', otp: `12${NUL}4` }),
    },
  },
];

/** Everything a hostile write could have changed. */
async function snapshot() {
  const tables = {
    users,
    sessions,
    accounts,
    authVerifications,
    verificationCodes,
    bannedEmails,
    mailOutbox,
    posts,
    postMedia,
    postLikes,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    counts[name] = (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  }
  const people = await db.query.users.findMany({
    columns: { id: true, firstName: true, lastName: true, bio: true, campusId: true, schoolEmail: true },
  });
  return { counts, people: people.sort((a, b) => a.id.localeCompare(b.id)) };
}

beforeAll(async () => {
  ({ browser: memberBrowser } = await member(app, db));
  ({ browser: joinerBrowser } = await verifiedUser(app, db));
  anonymous = new TestBrowser(app);
  const created = await createPostAs(memberBrowser, { plainText: 'A post to reply to' });
  postId = (created.json() as { id: string }).id;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

describe('hostile input', () => {
  it('has at least 40 cases covering every route family', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    const families = new Set(CASES.map((c) => c.family));
    for (const family of ['request line', 'campus', 'geo', 'users/me', 'school-email', 'posts', 'saves', 'auth']) {
      expect(families, family).toContain(family);
    }
  });

  it.each(CASES.map((c) => [`${c.family}: ${c.name}`, c] as const))(
    '%s answers 4xx and stores nothing',
    async (_label, testCase) => {
      const before = await snapshot();
      let status: number;
      let body = '';
      if ('raw' in testCase.send) {
        status = await rawStatus(port, testCase.send.raw);
      } else {
        const sent = testCase.send;
        const browser = sent.as === 'anonymous' ? anonymous : sent.as === 'joiner' ? joinerBrowser : memberBrowser;
        const url = sent.url.replace('{post}', postId);
        const payload = typeof sent.body === 'string' ? Buffer.from(sent.body) : sent.body;
        const contentType = sent.body === undefined ? undefined : (sent.contentType ?? 'application/json');
        const res = sent.headers
          ? await app.inject({
              method: sent.method,
              url,
              headers: {
                host: 'ou.localhost:3000',
                ...(contentType ? { 'content-type': contentType } : {}),
                ...sent.headers,
              },
              ...(payload ? { payload } : {}),
            })
          : await browser.send(sent.method, url, payload, contentType);
        status = res.statusCode;
        body = res.body.slice(0, 300);
      }
      expect(status, body).toBeGreaterThanOrEqual(400);
      expect(status, body).toBeLessThan(500);
      expect(await snapshot()).toEqual(before);
    },
  );

  it('the post used by the cases is still whole', async () => {
    const page = (await memberBrowser.get(`/api/posts/${postId}`)).json() as PostPage;
    expect(page.post.plainText).toBe('A post to reply to');
    expect(page.comments).toEqual([]);
  });
});
