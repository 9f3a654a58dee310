import type { Message } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import type { TestBrowser } from '../../../test/auth.ts';
import { openChatWith, sendMessageAs } from '../../../test/chats.ts';
import { createPostAs, member, testPhoto } from '../../../test/posts.ts';
import { roles } from '../../../test/profiles.ts';
import { PRIVATE_CACHING } from '../../plugins/storage.ts';

const { app, db } = await createTestApp();

/** Alice sends Bruno a photo; the rest of the OU site's callers look on. */
async function photoInChat() {
  const callers = await roles(app, db, 'Alice Able');
  const bruno = await member(app, db, 'ou', 'Bruno Baker');
  const chat = await openChatWith(callers.owner, bruno.user.id);
  const sent = await sendMessageAs(callers.owner, chat.id, {}, [
    { name: 'photo.jpg', type: 'image/jpeg', bytes: await testPhoto() },
  ]);
  expect(sent.statusCode).toBe(201);
  const { photo } = sent.json() as Message;
  if (!photo) throw new Error('no photo');
  return { ...callers, bruno: bruno.browser, urls: [photo.url, photo.fullUrl] };
}

/** The answer to a key nobody holds: a refusal must look exactly like it. */
const missing = () => app.inject({ method: 'GET', url: '/media/images/messages/nobody/0000-feed.webp' });

describe('chat photos are private (security issue item 9)', () => {
  it('are served to the two people in the chat only, with private caching; everyone else gets the 404 of a missing file', async () => {
    const r = await photoInChat();
    const notFound = await missing();
    expect(notFound.statusCode).toBe(404);

    for (const url of r.urls) {
      expect(url).toMatch(/^\/media\/images\/messages\//);
      const outsiders: Array<[string, TestBrowser]> = [
        ['anonymous', r.anonymous],
        ['unverified email', r.unverified],
        ['verified without a campus', r.noCampus],
        ['member of another campus', r.otherCampus],
        ['another member', r.other],
      ];
      for (const [role, browser] of outsiders) {
        const res = await browser.get(url);
        expect([role, res.statusCode, res.json()]).toEqual([role, 404, notFound.json()]);
        expect(String(res.headers['cache-control'])).not.toContain('public');
      }
      for (const participant of [r.owner, r.bruno]) {
        const res = await participant.get(url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe(PRIVATE_CACHING);
        expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      // HEAD tells outsiders nothing either.
      expect((await app.inject({ method: 'HEAD', url, headers: { host: 'ou.localhost:3000' } })).statusCode).toBe(404);
    }
  });

  it('are a 404 on another campus’s host, even with a participant’s cookie', async () => {
    const r = await photoInChat();
    for (const url of r.urls) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { host: 'ut.localhost:3000', cookie: r.bruno.cookieHeader() },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('only the keys the message holds: another name in its folder is a 404 even to a participant', async () => {
    const r = await photoInChat();
    const [feedUrl] = r.urls;
    const forged = (feedUrl as string).replace(/-feed\.webp$/, '-large.webp');
    expect(forged).not.toBe(feedUrl);
    // A file that sits in the message's folder without being one of its photos.
    await app.storage.put(forged.slice('/media/'.length), Buffer.from('RIFF0000WEBP'), 'image/webp');
    expect((await r.owner.get(forged)).statusCode).toBe(404);
    expect((await r.owner.get(feedUrl as string)).statusCode).toBe(200);
    // A NUL byte in the key is refused at the edge, before any lookup.
    const hostile = await r.owner.get('/media/images/messages/%00/x-feed.webp');
    expect(hostile.statusCode).toBe(400);
  });

  it('post photos stay public: anyone may load them, from any host, cached for a year', async () => {
    const { browser } = await member(app, db);
    const created = await createPostAs(browser, { plainText: 'A lamp', category: 'furniture' }, [
      { name: 'lamp.jpg', type: 'image/jpeg', bytes: await testPhoto() },
    ]);
    const url = (created.json() as { media: Array<{ url: string }> }).media[0]?.url as string;
    const res = await app.inject({ method: 'GET', url, headers: { host: 'ut.localhost:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
