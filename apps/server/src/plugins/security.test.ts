import { HTTP_ERROR_MESSAGES, WRITE_RATE_LIMIT } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { TestBrowser } from '../../test/auth.ts';
import { member } from '../../test/posts.ts';
import { jsonBodyProblem, requestLineProblem } from './security.ts';

const { app, db } = await createTestApp();
const production = await createTestApp({ NODE_ENV: 'production' });

describe('errors as data (docs/security.md#hostile-input)', () => {
  it('answers 413, 415 and a malformed body with their own codes and messages', async () => {
    const { browser } = await member(app, db);
    const tooLarge = await browser.send('PUT', '/api/me/bio', Buffer.alloc(2 * 1024 * 1024, 'a'), 'application/json');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: HTTP_ERROR_MESSAGES.payloadTooLarge,
    });

    const xml = await browser.send('PUT', '/api/me/bio', Buffer.from('<bio/>'), 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: HTTP_ERROR_MESSAGES.unsupportedMediaType,
    });

    const broken = await browser.send('PUT', '/api/me/bio', Buffer.from('{"bio":'), 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'INVALID_BODY', message: HTTP_ERROR_MESSAGES.malformedRequest });
  });

  it('limits writes per account with 429 RATE_LIMITED; reads and other accounts go on', async () => {
    const { browser } = await member(app, db);
    // The same account from a second address shares the budget: the limit is per account.
    const sameAccountElsewhere = browser.copy();
    const { browser: other } = await member(app, db);
    for (let i = 0; i < WRITE_RATE_LIMIT.max; i++) {
      const res = await (i % 2 ? browser : sameAccountElsewhere).request('PUT', '/api/me/bio', { bio: `bio ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const limited = await browser.request('PUT', '/api/me/bio', { bio: 'one too many' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ statusCode: 429, code: 'RATE_LIMITED', message: HTTP_ERROR_MESSAGES.rateLimited });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await sameAccountElsewhere.request('PUT', '/api/me/bio', { bio: 'x' })).statusCode).toBe(429);

    expect((await browser.get('/api/me')).statusCode).toBe(200);
    expect((await other.request('PUT', '/api/me/bio', { bio: 'still fine' })).statusCode).toBe(200);
  });

  it('limits signed-out writes per address, not /api/auth/* (it has its own limiter)', async () => {
    const visitor = new TestBrowser(app);
    for (let i = 0; i < WRITE_RATE_LIMIT.max; i++) {
      expect((await visitor.request('PUT', '/api/me/bio', { bio: 'x' })).statusCode).toBe(401);
    }
    const limited = await visitor.request('PUT', '/api/me/bio', { bio: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await new TestBrowser(app).request('PUT', '/api/me/bio', { bio: 'x' })).statusCode).toBe(401);
    // The auth routes are not counted by the default write limit.
    const signIn = await visitor.post('/api/auth/sign-in/email', {
      email: 'nobody@example.com',
      password: 'secret123',
    });
    expect(signIn.statusCode).not.toBe(429);
  });
});

describe('HSTS (docs/security.md#availability-and-operations)', () => {
  it('is sent in production only', async () => {
    const dev = await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'ou.localhost:3000' } });
    expect(dev.headers['strict-transport-security']).toBeUndefined();
    const prod = await production.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: 'ou.localhost:3000' },
    });
    expect(prod.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('edge checks', () => {
  it('refuses absolute-form targets and NUL bytes in the request line', () => {
    expect(requestLineProblem('http://evil.example/api/me')).toBe('absolute-form');
    expect(requestLineProblem('//evil.example/api/me')).toBe('absolute-form');
    expect(requestLineProblem('/api/posts?cursor=%00')).toBe('nul');
    expect(requestLineProblem('/api/posts?cursor=abc%2500')).toBeNull();
    expect(requestLineProblem('/api/posts/1')).toBeNull();
  });

  it('measures JSON nesting outside strings and finds \\u0000 escapes only', () => {
    expect(jsonBodyProblem('[[[]]]', 3)).toBeNull();
    expect(jsonBodyProblem('[[[[]]]]', 3)).toBe('too-deep');
    expect(jsonBodyProblem('{"a":"[[[[[[["}', 3)).toBeNull();
    expect(jsonBodyProblem('{"a":"x\\u0000"}')).toBe('nul');
    expect(jsonBodyProblem('{"a":"x\\\\u0000"}')).toBeNull();
    expect(jsonBodyProblem('{"a\\"[[[[":1}', 1)).toBeNull();
  });
});
