import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client.ts';

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
