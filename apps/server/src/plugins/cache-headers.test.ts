import { CAMPUS_IDS, type Post } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { createPostAs, member, testPhoto } from '../../test/posts.ts';

const { app, db } = await createTestApp();

describe('Cache-Control on API answers', () => {
  it('is no-store on every personal or changing JSON answer: me, feed pages after the first, post page, saved, media feed, session, errors', async () => {
    const { browser } = await member(app, db);
    const created = await createPostAs(browser, { plainText: 'Lamp for sale.', category: 'furniture' }, [
      { name: 'lamp.jpg', type: 'image/jpeg', bytes: await testPhoto() },
    ]);
    expect(created.statusCode).toBe(201);
    const post = created.json() as Post;
    expect(created.headers['cache-control']).toBe('no-store');

    for (const url of [
      '/api/me',
      `/api/posts/${post.id}`,
      '/api/posts/media',
      '/api/saved',
      '/api/campus',
      '/api/health',
      '/api/auth/get-session',
      '/api/posts/00000000-0000-4000-8000-000000000000',
      '/api/no-such-route',
    ]) {
      const res = await browser.get(url);
      expect({ url, status: res.statusCode < 500, cacheControl: res.headers['cache-control'] }).toEqual({
        url,
        status: true,
        cacheControl: 'no-store',
      });
    }
    // The feed's first page only: the member's own browser may keep it for the offline page
    // (decision 041), never a shared cache, and asks again before using it. Later pages: no-store.
    for (const url of ['/api/posts', '/api/posts?category=furniture']) {
      expect((await browser.get(url)).headers['cache-control']).toBe('private, no-cache');
    }
    const first = (await browser.get('/api/posts')).json() as { nextCursor: string | null };
    const later = await browser.get(`/api/posts?cursor=${encodeURIComponent(first.nextCursor ?? 'x')}`);
    expect(later.headers['cache-control']).toBe('no-store');

    // Signed out too: an answer for nobody must not be served to the next person either.
    const anonymous = await app.inject({ method: 'GET', url: '/api/me', headers: { host: 'ou.localhost:3000' } });
    expect(anonymous.statusCode).toBeLessThan(500);
    expect(anonymous.headers['cache-control']).toBe('no-store');

    // Media files keep their immutable caching; so does a route that sets its own.
    const image = await app.inject({ method: 'GET', url: post.media[0]?.url ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await app.inject({ method: 'GET', url: `/api/campuses/${CAMPUS_IDS.ut}/logo.svg` });
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
  });
});
