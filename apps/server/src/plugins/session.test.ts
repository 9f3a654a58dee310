import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { requireSchoolVerifiedUser, requireUser, requireVerifiedUser, type SessionUser } from './session.ts';

const requestAs = (user: SessionUser | null) => ({ sessionUser: async () => user }) as unknown as FastifyRequest;
const user = (state: Partial<SessionUser>): SessionUser => ({
  id: 'u1',
  email: 'u1@example.com',
  verified: false,
  schoolVerified: false,
  campusId: null,
  ...state,
});

async function codeOf(guard: (r: FastifyRequest) => Promise<SessionUser>, who: SessionUser | null) {
  try {
    await guard(requestAs(who));
    return 'ALLOWED';
  } catch (error) {
    return error instanceof AppError ? `${error.statusCode} ${error.code}` : 'CRASH';
  }
}

describe('guards: nobody passes without the state the route requires', () => {
  const visitor = null;
  const unverified = user({});
  const verified = user({ verified: true });
  const member = user({ verified: true, schoolVerified: true, campusId: 'c1' });

  it.each([
    ['requireUser', requireUser, ['401 UNAUTHENTICATED', 'ALLOWED', 'ALLOWED', 'ALLOWED']],
    [
      'requireVerifiedUser',
      requireVerifiedUser,
      ['401 UNAUTHENTICATED', '403 EMAIL_NOT_VERIFIED', 'ALLOWED', 'ALLOWED'],
    ],
    [
      'requireSchoolVerifiedUser',
      requireSchoolVerifiedUser,
      ['401 UNAUTHENTICATED', '403 EMAIL_NOT_VERIFIED', '403 SCHOOL_NOT_VERIFIED', 'ALLOWED'],
    ],
  ] as const)('%s', async (_name, guard, expected) => {
    const results = [];
    for (const who of [visitor, unverified, verified, member]) results.push(await codeOf(guard, who));
    expect(results).toEqual(expected);
  });
});
