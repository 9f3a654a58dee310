import { ACCOUNT_SAFETY_MESSAGES, AUTH_MESSAGES, VALIDATION_MESSAGES } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { fieldErrorOf } from './field-error.ts';

describe('fieldErrorOf', () => {
  it('shows the refusals about the address under the field', () => {
    const taken = new ApiError(409, 'SCHOOL_EMAIL_TAKEN', ACCOUNT_SAFETY_MESSAGES.schoolEmailTaken);
    expect(fieldErrorOf(taken)).toBe(ACCOUNT_SAFETY_MESSAGES.schoolEmailTaken);
    expect(fieldErrorOf(new ApiError(403, 'ACCOUNT_BANNED', AUTH_MESSAGES.banned))).toBe(AUTH_MESSAGES.banned);
    const invalid = new ApiError(400, 'INVALID_SCHOOL_EMAIL', VALIDATION_MESSAGES.schoolEmailInvalid);
    expect(fieldErrorOf(invalid)).toBe(VALIDATION_MESSAGES.schoolEmailInvalid);
  });

  it('leaves everything else to an alert', () => {
    expect(fieldErrorOf(new ApiError(500, 'INTERNAL', 'Internal server error.'))).toBeNull();
    expect(fieldErrorOf(new ApiError(429, 'RATE_LIMITED', 'Too many requests.'))).toBeNull();
    expect(fieldErrorOf(new Error('offline'))).toBeNull();
  });
});
