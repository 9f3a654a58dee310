import {
  ACCOUNT_SAFETY_LIMITS,
  ACCOUNT_SAFETY_MESSAGES,
  AUTH_MESSAGES,
  GOOGLE_AUTH_MESSAGES,
  UNSPECIFIED_MESSAGES,
  VALIDATION_MESSAGES,
} from '@campus/contract';
import type { AlertOptions } from '@/components/ui/alert-rules.ts';
import { ApiError } from '@/lib/api-client.ts';

/**
 * The one place where answers of the auth API become the spec's words (docs/product/accounts.md#sign-in-errors,
 * docs/product/accounts.md#google-sign-in-errors, docs/product/accounts.md#validation). Codes are the auth library's
 * (INVALID_EMAIL_OR_PASSWORD, PASSWORD_TOO_SHORT, INVALID_OTP…) and ours (EMAIL_IN_USE,
 * ACCOUNT_BANNED, ACCOUNT_LOCKED, INVALID_EMAIL, INVALID_NAME, USER_NOT_FOUND).
 * An unknown user and a wrong password both answer 'Invalid login credentials.'
 * (docs/decisions/007-sign-in-errors.md).
 */

/** The name messages the server may send back with INVALID_NAME (it checks with the same schema). */
const NAME_MESSAGES: ReadonlySet<string> = new Set([
  VALIDATION_MESSAGES.nameRequired,
  VALIDATION_MESSAGES.fullNameRequired,
  VALIDATION_MESSAGES.nameInvalid,
  VALIDATION_MESSAGES.nameCharactersInvalid,
]);

const BY_CODE: Readonly<Record<string, string>> = {
  INVALID_EMAIL_OR_PASSWORD: AUTH_MESSAGES.invalidCredentials,
  INVALID_PASSWORD: AUTH_MESSAGES.invalidCredentials,
  EMAIL_IN_USE: AUTH_MESSAGES.emailInUse,
  PASSWORD_TOO_SHORT: AUTH_MESSAGES.weakPassword,
  PASSWORD_TOO_LONG: UNSPECIFIED_MESSAGES.passwordTooLong,
  INVALID_EMAIL: AUTH_MESSAGES.invalidEmail,
  ACCOUNT_BANNED: AUTH_MESSAGES.banned,
  ACCOUNT_LOCKED: AUTH_MESSAGES.tooManyAttempts,
  USER_NOT_FOUND: AUTH_MESSAGES.forgotPasswordUserNotFound,
  CODE_GUESSES_EXCEEDED: ACCOUNT_SAFETY_MESSAGES.codeGuessesExceeded,
  CODE_REQUESTS_EXCEEDED: ACCOUNT_SAFETY_MESSAGES.codeRequestsExceeded,
};

/** The message for a failed sign-in, registration or password request. */
export function authErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return AUTH_MESSAGES.unknown;
  const known = BY_CODE[error.code];
  if (known) return known;
  if (error.code === 'INVALID_NAME' && NAME_MESSAGES.has(error.message)) return error.message;
  // 'Your account is suspended until {date}.' (docs/product/moderation.md): the server knows the date.
  if (error.code === 'ACCOUNT_SUSPENDED') return error.message;
  if (error.status >= 500) return AUTH_MESSAGES.internalError;
  return AUTH_MESSAGES.unknown;
}

/** How an auth failure is shown: a danger alert, left up longer for the lockout (docs/product/accounts.md#sign-in-errors). */
export function authErrorAlert(error: unknown): { message: string; options: AlertOptions } {
  const message = authErrorMessage(error);
  return {
    message,
    options: { type: 'danger', duration: message === AUTH_MESSAGES.tooManyAttempts ? 'long' : 'default' },
  };
}

const WRONG_CODE: ReadonlySet<string> = new Set(['INVALID_OTP', 'OTP_EXPIRED', 'TOO_MANY_ATTEMPTS']);

/** The /verify screen: a wrong, expired or worn-out code is simply 'incorrect' (docs/product/accounts.md#verification-codes). */
export function verificationErrorMessage(error: unknown): string {
  if (error instanceof ApiError && WRONG_CODE.has(error.code)) return VALIDATION_MESSAGES.verificationCodeIncorrect;
  return authErrorMessage(error);
}

/**
 * 'Didn't receive the code?' (docs/product/accounts.md#verification-codes) when the request failed. A 429 without our code is the
 * per-address rate limit (a code went out moments ago and still works): nothing was mailed, so
 * the screen waits out the limit's minute (`waitSeconds`) instead of claiming 'Email sent'
 * (docs/decisions/030-feed-ads-and-rough-edges.md). The account's own limits (CODE_REQUESTS_EXCEEDED, CODE_GUESSES_EXCEEDED)
 * and anything else are a failure, in their words.
 */
export function resendCodeOutcome(error: unknown): { message: string; waitSeconds?: number } {
  if (error instanceof ApiError && error.status === 429 && !BY_CODE[error.code]) {
    return { message: authErrorMessage(error), waitSeconds: ACCOUNT_SAFETY_LIMITS.codeResendAfterSeconds };
  }
  return { message: authErrorMessage(error) };
}

/** Sending an emailed sign-in link: a banned or malformed address says so, anything else is the spec's catch-all. */
export function signInLinkErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'ACCOUNT_BANNED' || error.code === 'INVALID_EMAIL')) {
    return authErrorMessage(error);
  }
  return AUTH_MESSAGES.magicLinkSendFailed;
}

/** A reset link whose token is unknown, used or expired. */
export function isInvalidResetToken(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'INVALID_TOKEN';
}

/**
 * Google sign-in comes back to /login?error=CODE when it fails; CODE is the OpenID error
 * (access_denied when the person cancels), the auth library's callback error, or ours.
 */
const GOOGLE_BY_CODE: Readonly<Record<string, string>> = {
  ACCOUNT_BANNED: GOOGLE_AUTH_MESSAGES.banned,
  access_denied: GOOGLE_AUTH_MESSAGES.popupClosed,
  account_not_linked: GOOGLE_AUTH_MESSAGES.differentCredential,
  unable_to_link_account: GOOGLE_AUTH_MESSAGES.differentCredential,
  account_already_linked_to_different_user: GOOGLE_AUTH_MESSAGES.differentCredential,
  invalid_code: GOOGLE_AUTH_MESSAGES.invalidCredential,
  oauth_code_verification_failed: GOOGLE_AUTH_MESSAGES.invalidCredential,
  state_mismatch: GOOGLE_AUTH_MESSAGES.invalidCredential,
  invalid_grant: GOOGLE_AUTH_MESSAGES.invalidCredential,
  unable_to_get_user_info: GOOGLE_AUTH_MESSAGES.userNotFound,
  email_not_found: GOOGLE_AUTH_MESSAGES.userNotFound,
  user_disabled: GOOGLE_AUTH_MESSAGES.accountDisabled,
  unable_to_create_user: GOOGLE_AUTH_MESSAGES.accountHandlingFailed,
  unable_to_create_session: GOOGLE_AUTH_MESSAGES.accountHandlingFailed,
};

export function googleErrorMessage(code: string): string {
  return GOOGLE_BY_CODE[code] ?? GOOGLE_AUTH_MESSAGES.unknown;
}
