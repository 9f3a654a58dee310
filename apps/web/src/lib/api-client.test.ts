import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ApiFetch, api, setRequestFetch } from './api-client.ts';

function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

async function failure(): Promise<ApiError> {
  try {
    await api.post('/api/x', {});
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

afterEach(() => vi.restoreAllMocks());

describe('api client errors', () => {
  it('reads our API’s error body', async () => {
    answer(403, { statusCode: 403, code: 'FORBIDDEN', message: 'No.' });
    expect(await failure()).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'No.' });
  });

  it('reads the auth library’s body, which has no statusCode, with the HTTP status', async () => {
    answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' });
    expect(await failure()).toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('falls back to the status when the body says nothing usable', async () => {
    answer(429, { message: 'Too many requests. Please try again later.' });
    expect(await failure()).toMatchObject({ status: 429, code: 'HTTP_429', message: 'Something went wrong' });
  });
});

describe('the server render’s caller', () => {
  afterEach(() => setRequestFetch(() => undefined));

  it('sends a call to the caller of the request being rendered, and to fetch when there is none', async () => {
    const browserFetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ from: 'fetch' }));
    let current: ApiFetch | undefined;
    setRequestFetch(() => current);
    const calls: string[] = [];
    current = async (url) => {
      calls.push(url);
      return Response.json({ from: 'in-process' });
    };
    expect(await api.get('/api/posts', { query: { category: 'furniture', cursor: undefined } })).toEqual({
      from: 'in-process',
    });
    expect(calls).toEqual(['/api/posts?category=furniture']);
    current = undefined;
    expect(await api.get('/api/me')).toEqual({ from: 'fetch' });
    expect(browserFetch).toHaveBeenCalledTimes(1);
  });
});
