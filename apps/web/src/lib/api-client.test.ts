import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client.ts';
import { resetBootAnswers } from './boot-answers.ts';

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

describe('answers written into the document by the server', () => {
  afterEach(() => {
    document.getElementById('boot-answers')?.remove();
    resetBootAnswers();
  });

  function writeAnswers(text: string) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'boot-answers';
    block.textContent = text;
    document.head.append(block);
    resetBootAnswers();
  }

  it('answers the first GET of each address from the document, and every later one from the network', async () => {
    writeAnswers(JSON.stringify({ '/api/me': { viewer: null }, '/api/posts?category=furniture': { posts: [] } }));
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ fromNetwork: true }));

    expect(await api.get('/api/me')).toEqual({ viewer: null });
    expect(await api.get('/api/posts', { query: { category: 'furniture', cursor: undefined } })).toEqual({ posts: [] });
    expect(fetch).not.toHaveBeenCalled();

    expect(await api.get('/api/me')).toEqual({ fromNetwork: true });
    expect(await api.get('/api/posts')).toEqual({ fromNetwork: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('never answers a write from the document', async () => {
    writeAnswers(JSON.stringify({ '/api/x': { stale: true } }));
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ written: true }));
    expect(await api.post('/api/x', {})).toEqual({ written: true });
  });

  it('goes to the network when the block is not valid JSON', async () => {
    writeAnswers('{not json');
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ fromNetwork: true }));
    expect(await api.get('/api/me')).toEqual({ fromNetwork: true });
  });
});
