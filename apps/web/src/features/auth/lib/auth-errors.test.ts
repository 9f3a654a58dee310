import {
  ACCOUNT_SAFETY_LIMITS,
  ACCOUNT_SAFETY_MESSAGES,
  AUTH_MESSAGES,
  GOOGLE_AUTH_MESSAGES,
  SETTINGS_MESSAGES,
  VALIDATION_MESSAGES,
} from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import {
  authErrorAlert,
  authErrorMessage,
  googleErrorMessage,
  isInvalidResetToken,
  resendCodeOutcome,
  signInLinkErrorMessage,
  verificationErrorMessage,
} from './auth-errors.ts';

const fail = (status: number, code: string, message = 'server words') => new ApiError(status, code, message);

describe('authErrorMessage', () => {
  it.each([
    [fail(401, 'INVALID_EMAIL_OR_PASSWORD'), AUTH_MESSAGES.invalidCredentials],
    [fail(422, 'EMAIL_IN_USE'), AUTH_MESSAGES.emailInUse],
    [fail(400, 'PASSWORD_TOO_SHORT'), AUTH_MESSAGES.weakPassword],
    [fail(400, 'INVALID_EMAIL'), AUTH_MESSAGES.invalidEmail],
    [fail(403, 'ACCOUNT_BANNED'), AUTH_MESSAGES.banned],
    [fail(429, 'ACCOUNT_LOCKED'), AUTH_MESSAGES.tooManyAttempts],
    [fail(404, 'USER_NOT_FOUND'), AUTH_MESSAGES.forgotPasswordUserNotFound],
  ])('words %s as the spec does', (error, message) => {
    expect(authErrorMessage(error)).toBe(message);
  });

  it('says until when a suspended member is suspended, in the server’s words (it knows the date)', () => {
    const words = 'Your account is suspended until Friday, December 4, 2026 at 3:30 PM CST.';
    expect(authErrorMessage(fail(403, 'ACCOUNT_SUSPENDED', words))).toBe(words);
  });

  it('passes the server’s name message through only when it is one of the spec’s', () => {
    expect(authErrorMessage(fail(400, 'INVALID_NAME', VALIDATION_MESSAGES.nameCharactersInvalid))).toBe(
      VALIDATION_MESSAGES.nameCharactersInvalid,
    );
    expect(authErrorMessage(fail(400, 'INVALID_NAME', 'something else'))).toBe(AUTH_MESSAGES.unknown);
  });

  it('says "Internal server error." for 5xx and the catch-all for anything else', () => {
    expect(authErrorMessage(fail(500, 'INTERNAL'))).toBe(AUTH_MESSAGES.internalError);
    expect(authErrorMessage(fail(503, 'HTTP_503'))).toBe(AUTH_MESSAGES.internalError);
    expect(authErrorMessage(fail(429, 'HTTP_429'))).toBe(AUTH_MESSAGES.unknown);
    expect(authErrorMessage(fail(0, 'NETWORK_ERROR'))).toBe(AUTH_MESSAGES.unknown);
    expect(authErrorMessage(new Error('boom'))).toBe(AUTH_MESSAGES.unknown);
    expect(authErrorMessage(undefined)).toBe(AUTH_MESSAGES.unknown);
  });

  it('never shows the server’s own English for a code it does not know', () => {
    expect(authErrorMessage(fail(400, 'SOMETHING_NEW', 'Raw library text'))).toBe(AUTH_MESSAGES.unknown);
  });
});

describe('authErrorAlert', () => {
  it('keeps the lockout message up for the long duration, everything else for the default', () => {
    expect(authErrorAlert(fail(429, 'ACCOUNT_LOCKED'))).toEqual({
      message: AUTH_MESSAGES.tooManyAttempts,
      options: { type: 'danger', duration: 'long' },
    });
    expect(authErrorAlert(fail(401, 'INVALID_EMAIL_OR_PASSWORD')).options).toEqual({
      type: 'danger',
      duration: 'default',
    });
  });
});

describe('verificationErrorMessage', () => {
  it('calls a wrong, expired or worn-out code incorrect', () => {
    for (const code of ['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS']) {
      expect(verificationErrorMessage(fail(400, code))).toBe(VALIDATION_MESSAGES.verificationCodeIncorrect);
    }
    expect(verificationErrorMessage(fail(500, 'INTERNAL'))).toBe(AUTH_MESSAGES.internalError);
  });
});

describe('signInLinkErrorMessage', () => {
  it('names a banned or malformed address, and otherwise says the link could not be sent', () => {
    expect(signInLinkErrorMessage(fail(403, 'ACCOUNT_BANNED'))).toBe(AUTH_MESSAGES.banned);
    expect(signInLinkErrorMessage(fail(400, 'INVALID_EMAIL'))).toBe(AUTH_MESSAGES.invalidEmail);
    expect(signInLinkErrorMessage(fail(429, 'HTTP_429'))).toBe(AUTH_MESSAGES.magicLinkSendFailed);
    expect(signInLinkErrorMessage(fail(500, 'INTERNAL'))).toBe(AUTH_MESSAGES.magicLinkSendFailed);
  });
});

describe('isInvalidResetToken', () => {
  it('is true only for the token error, not for a short password', () => {
    expect(isInvalidResetToken(fail(400, 'INVALID_TOKEN'))).toBe(true);
    expect(isInvalidResetToken(fail(400, 'PASSWORD_TOO_SHORT'))).toBe(false);
  });
});

describe('googleErrorMessage', () => {
  it.each([
    ['ACCOUNT_BANNED', GOOGLE_AUTH_MESSAGES.banned],
    ['access_denied', GOOGLE_AUTH_MESSAGES.popupClosed],
    ['account_not_linked', GOOGLE_AUTH_MESSAGES.differentCredential],
    ['invalid_code', GOOGLE_AUTH_MESSAGES.invalidCredential],
    ['oauth_code_verification_failed', GOOGLE_AUTH_MESSAGES.invalidCredential],
    ['state_mismatch', GOOGLE_AUTH_MESSAGES.invalidCredential],
    ['unable_to_get_user_info', GOOGLE_AUTH_MESSAGES.userNotFound],
    ['please_restart_the_process', GOOGLE_AUTH_MESSAGES.unknown],
  ])('maps %s', (code, message) => {
    expect(googleErrorMessage(code)).toBe(message);
  });
});

describe('resendCodeOutcome (the /verify resend link)', () => {
  it('a throttled resend sent nothing: no "Email sent", the screen waits out the minute (docs/decisions/030-feed-ads-and-rough-edges.md)', () => {
    for (const code of ['HTTP_429', 'RATE_LIMITED']) {
      const outcome = resendCodeOutcome(fail(429, code));
      expect(outcome.waitSeconds).toBe(ACCOUNT_SAFETY_LIMITS.codeResendAfterSeconds);
      expect(outcome.message).not.toBe(SETTINGS_MESSAGES.codeEmailSent);
    }
  });

  it("the account's own limits are failures in their own words", () => {
    expect(resendCodeOutcome(fail(429, 'CODE_REQUESTS_EXCEEDED'))).toEqual({
      message: ACCOUNT_SAFETY_MESSAGES.codeRequestsExceeded,
    });
    expect(resendCodeOutcome(fail(429, 'CODE_GUESSES_EXCEEDED'))).toEqual({
      message: ACCOUNT_SAFETY_MESSAGES.codeGuessesExceeded,
    });
    expect(resendCodeOutcome(fail(500, 'INTERNAL'))).toEqual({ message: AUTH_MESSAGES.internalError });
  });

  it('a locked-out code check says why instead of "incorrect"', () => {
    expect(verificationErrorMessage(fail(429, 'CODE_GUESSES_EXCEEDED'))).toBe(
      ACCOUNT_SAFETY_MESSAGES.codeGuessesExceeded,
    );
  });
});
