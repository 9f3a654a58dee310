import type { APIRequestContext, APIResponse } from '@playwright/test';
import { expect, test } from '../fixtures.ts';

/**
 * Members for end-to-end tests, made through the real endpoints and the dev mailbox. Demo
 * accounts are shared by every spec, so a test that changes anything makes members of its
 * own, unique per test and project. Each helper takes a page or a browser context (anything
 * with `.request`), so its cookies are the ones the browser then uses.
 */

/** The password of every demo account, and of the members made here. */
export const PASSWORD = 'buysell123';

/** A real 64×64 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAT0lEQVRo3u3PQQkAAAgEsGtkILPY3Qi+hcEKLDX9WgQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQELgutvnDxcohaQQAAAABJRU5ErkJggg==',
  'base64',
);

type HasRequest = { request: APIRequestContext };

export const isMobile = () => test.info().project.name === 'mobile';

/** A tag no other test or run has used (letters only, so it fits in names too). */
export function uniqueTag(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let tag = '';
  for (let i = 0; i < 6; i += 1) tag += letters[Math.floor(Math.random() * letters.length)];
  return tag;
}

/** Each sign-in from an address of its own: the auth API limits attempts per address. */
export function randomVisitorIp(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

async function expectOk(res: APIResponse): Promise<void> {
  expect(res.ok(), await res.text()).toBe(true);
}

export async function signIn(who: HasRequest, baseURL: string, email: string, password = PASSWORD): Promise<void> {
  await expectOk(
    await who.request.post('/api/auth/sign-in/email', {
      data: { email, password },
      headers: { origin: baseURL, 'x-forwarded-for': randomVisitorIp() },
    }),
  );
}

/** The code of the newest mail to `email`, once at least `count` mails have arrived. */
export async function codeFor(who: HasRequest, email: string, count = 1): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await who.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      const mails = (await res.json()) as { subject: string }[];
      code = mails[0]?.subject.match(/^(\d{4}) /)?.[1] ?? '';
      return mails.length >= count && code !== '';
    })
    .toBe(true);
  return code;
}

export interface Member {
  id: string;
  email: string;
  username: string;
  firstName: string;
  /** First and last name, as posts and chats show it. */
  name: string;
}

/**
 * A fresh OU member, verified, school-verified and with a finished profile (photo and bio,
 * which posting needs), signed in on `who`. The first name carries a unique tag.
 */
export async function freshMember(
  who: HasRequest,
  baseURL: string,
  { first = 'Robin', last = 'Reyes', bio = 'New at OU.' }: { first?: string; last?: string; bio?: string } = {},
): Promise<Member> {
  const tag = uniqueTag();
  const firstName = `${first}${tag}`;
  const name = `${firstName} ${last}`;
  const local = `${first.toLowerCase()}.${test.info().project.name}.${Date.now()}.${tag}`;
  const email = `${local}@example.com`;
  const headers = { origin: baseURL, 'x-forwarded-for': randomVisitorIp() };

  await expectOk(
    await who.request.post('/api/auth/sign-up/email', { data: { name, email, password: PASSWORD }, headers }),
  );
  await expectOk(
    await who.request.post('/api/auth/email-otp/send-verification-otp', {
      data: { email, type: 'email-verification' },
      headers,
    }),
  );
  const otp = await codeFor(who, email);
  await expectOk(await who.request.post('/api/auth/email-otp/verify-email', { data: { email, otp }, headers }));
  await signIn(who, baseURL, email);

  const schoolEmail = `${local}@ou.edu`;
  await expectOk(await who.request.post('/api/school-email/code', { data: { email: schoolEmail }, headers }));
  const code = await codeFor(who, schoolEmail);
  await expectOk(await who.request.post('/api/school-email/verify', { data: { email: schoolEmail, code }, headers }));

  await expectOk(
    await who.request.post('/api/me/photo', {
      multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
      headers,
    }),
  );
  await expectOk(await who.request.put('/api/me/bio', { data: { bio }, headers }));
  const me = (await (await who.request.get('/api/me')).json()).viewer as { id: string; username: string };
  return { id: me.id, email, username: me.username, firstName, name };
}

/** A post (or, with parentId, a comment) of the member signed in on `who`, through the API; answers its id. */
export async function createPost(
  who: HasRequest,
  baseURL: string,
  plainText: string,
  fields: { parentId?: string; priceCents?: number; category?: string } = {},
): Promise<string> {
  const res = await who.request.post('/api/posts', {
    multipart: { post: JSON.stringify({ plainText, ...fields }) },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
