/**
 * Names, usernames and the sign-in / registration / account fields (docs/product/accounts.md#name-rules, docs/product/profiles.md#username-rules).
 * Messages come from the catalogue; limits from LIMITS.
 */

import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { AUTH_MESSAGES, UNSPECIFIED_MESSAGES, VALIDATION_MESSAGES } from './messages.ts';
import { codePointLength } from './text-length.ts';

export interface ParsedName {
  first_name: string;
  /** Tokens between the first and the last, joined by one space; '' when there are none. */
  middle_name: string;
  last_name: string;
}

const NAME_SEPARATORS = /[\s.,-]+/u;
const HAS_DIGIT = /\p{Nd}/u;

/** Cuts to the stored maximum (20) by code points, so a surrogate pair is never split. */
const clipName = (name: string): string => [...name].slice(0, LIMITS.nameMax).join('');

/**
 * Splits a display name (e.g. a Google profile's) into stored names (docs/product/accounts.md#names-from-a-display-name): separators
 * are spaces, dots, commas and hyphens; tokens containing a digit are dropped; the first
 * token is the first name, the last token the last name, the rest the middle name.
 * Decisions: a single token is the first name only, so the last name falls back to 'user'
 * (rather than repeating the token); first and last are clipped to 20 characters, the
 * stored maximum (docs/product/profiles.md#profile-rules), so a long Google name cannot produce an unsavable profile.
 */
export function parseDisplayName(display: string): ParsedName {
  const tokens = display.split(NAME_SEPARATORS).filter((t) => t !== '' && !HAS_DIGIT.test(t));
  const first = tokens[0];
  const last = tokens.length > 1 ? tokens[tokens.length - 1] : undefined;
  return {
    first_name: first === undefined ? 'anonymous' : clipName(first),
    middle_name: tokens.slice(1, -1).join(' '),
    last_name: last === undefined ? 'user' : clipName(last),
  };
}

/**
 * First segments of the app's own routes. The profile lives at /{username}, so a user
 * holding one of these would be shadowed by (or shadow) a page. Keep in step with the
 * route tables of the spec (docs/product/community.md#route-table, docs/product/profiles.md#profile-route, docs/product/boosting.md#boost-routes) and the server's prefixes.
 */
const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  '404',
  'ads',
  'api',
  'assets',
  'cart',
  'checkout',
  'create',
  'dev',
  'forgotpassword',
  'home',
  'login',
  'logout',
  'media',
  'messages',
  'notifications',
  'post',
  'profile',
  'register',
  // Not in the spec's tables: where the mailed password-reset link lands.
  'reset-password',
  'saved',
  'search',
  'search_schools',
  'settings',
  // Not in the spec's tables: the local test checkout of decision 018.
  'test-checkout',
  // Not in the spec's tables: an email's unsubscribe link (decision 040).
  'unsubscribe',
  'user_registration',
  'verify',
]);

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.toLowerCase());
}

/**
 * The generated username before clash handling (docs/product/accounts.md#username-generation): first and last name joined,
 * lower-cased, non-alphanumerics removed. Accents are folded first so that 'José' gives
 * 'jose' rather than 'jos'; an empty result becomes 'user'. At most 50 characters.
 */
export function baseUsername(firstName: string, lastName: string): string {
  const folded = `${firstName}${lastName}`.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '');
  return folded.replace(/[^a-z0-9]/g, '').slice(0, LIMITS.usernameMax) || 'user';
}

/**
 * The first free username for `base`: base itself, then base-2, base-3, … (docs/product/accounts.md#username-generation).
 * Reserved route names count as taken. The base is shortened when needed so the result
 * stays within 50 characters. `isTaken` must be pure (e.g. membership in the set of
 * usernames already starting with base, read in one query); it must eventually answer
 * false, which any finite set of taken names guarantees. A unique index still decides
 * races between two simultaneous sign-ups.
 */
export function nextUsername(base: string, isTaken: (candidate: string) => boolean): string {
  const free = (candidate: string) => !isReservedUsername(candidate) && !isTaken(candidate);
  const whole = base.slice(0, LIMITS.usernameMax);
  if (free(whole)) return whole;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, LIMITS.usernameMax - suffix.length)}${suffix}`;
    if (free(candidate)) return candidate;
  }
}

/** Login and registration email (docs/product/accounts.md#email-rules): local part, @, a domain with a dot and a 2+ letter suffix. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;
const EMAIL_MAX = 254;

export const EmailSchema = z
  .string({ error: VALIDATION_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.emailRequired, abort: true })
  .max(EMAIL_MAX, { error: UNSPECIFIED_MESSAGES.emailTooLong, abort: true })
  .regex(EMAIL_PATTERN, VALIDATION_MESSAGES.emailInvalid);

/**
 * The new address of an email change (docs/product/profiles.md#email-change-rules): required, different from the current one
 * ignoring case ('Enter a new email'), then the email pattern. 'That email is taken.' needs
 * the database and is the server's.
 */
export function newEmailSchema(current: string) {
  const currentKey = current.trim().toLowerCase();
  return EmailSchema.refine((email) => email.toLowerCase() !== currentKey, {
    error: VALIDATION_MESSAGES.newEmailRequired,
    abort: true,
  });
}

/**
 * Login password (docs/product/accounts.md#password-rules): required, at most 30. Not trimmed: spaces may be part of it.
 * Length in UTF-16 units, as the auth library measures it.
 */
export const PasswordSchema = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, { error: VALIDATION_MESSAGES.passwordRequired, abort: true })
  .max(LIMITS.passwordMax, UNSPECIFIED_MESSAGES.passwordTooLong);

/** Registration password: the login rules plus the 6-character minimum the server answers with 'Password too short.'. */
export const RegistrationPasswordSchema = PasswordSchema.min(LIMITS.passwordMin, AUTH_MESSAGES.weakPassword);

/**
 * Letters (any script, with their combining marks) and apostrophes, words separated by single
 * spaces; every word has a letter (marks or apostrophes alone are not a word). Both the straight
 * ' and the typographic ’ count as apostrophes: phone keyboards type ’ in "O’Brien" by themselves.
 */
const REGISTRATION_NAME_PATTERN = /^['’]*\p{L}[\p{L}\p{M}'’]*( ['’]*\p{L}[\p{L}\p{M}'’]*)*$/u;
/** Letters that draw nothing (the Hangul fillers): a name of them would look empty. */
const BLANK_LETTERS = /[\u115F\u1160\u3164\uFFA0]/u;
/** The characters of a name, one rule for every name a person types ('Your Name is Invalid.'). */
const isNameText = (name: string) => REGISTRATION_NAME_PATTERN.test(name) && !BLANK_LETTERS.test(name);

/**
 * The full name of the registration form (docs/product/accounts.md#name-rules). The spec gives two 'required' texts;
 * we read them as:
 * - the field left empty (or only spaces) → 'Name is required.' (the field's own check);
 * - no value at all (absent from the request), or a single word where a full name — first
 *   and last — is required → 'Full name is required';
 * - first or last name under 2 characters → 'Name is Invalid';
 * - anything but letters, apostrophes and single spaces → 'Your Name is Invalid.'.
 * Each check stops the ones after it, so the form shows one message at a time. Leading and
 * trailing spaces are trimmed. First and last name are the first and last words, as in
 * parseDisplayName, which the server uses to split the stored names.
 */
export const RegistrationNameSchema = z
  .string({ error: VALIDATION_MESSAGES.fullNameRequired })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.nameRequired, abort: true })
  .refine(isNameText, { error: VALIDATION_MESSAGES.nameCharactersInvalid, abort: true })
  .refine((name) => name.includes(' '), { error: VALIDATION_MESSAGES.fullNameRequired, abort: true })
  .refine(
    (name) => {
      const words = name.split(' ');
      const first = words[0] ?? '';
      const last = words[words.length - 1] ?? '';
      return (
        codePointLength(first) >= LIMITS.nameMinAtRegistration && codePointLength(last) >= LIMITS.nameMinAtRegistration
      );
    },
    { error: VALIDATION_MESSAGES.nameInvalid },
  );

/**
 * A first or last name of the Edit Display Name form (docs/product/profiles.md#profile-edit, docs/product/profiles.md#profile-rules): the registration rules
 * for one name (docs/product/accounts.md#name-rules) with their messages — letters, apostrophes and single spaces ('Your
 * Name is Invalid.'), at least 2 characters ('Name is Invalid') — and the stored maximum of 20
 * (`tooLong`). Sign-up and this form refuse the same names: one name rule.
 */
export function nameFieldSchema(tooLong: string) {
  return z
    .string({ error: VALIDATION_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.nameRequired, abort: true })
    .refine((name) => codePointLength(name) <= LIMITS.nameMax, { error: tooLong, abort: true })
    .refine(isNameText, { error: VALIDATION_MESSAGES.nameCharactersInvalid, abort: true })
    .refine((name) => codePointLength(name) >= LIMITS.nameMinAtRegistration, {
      error: VALIDATION_MESSAGES.nameInvalid,
    });
}

/**
 * Bio (docs/product/profiles.md#profile-rules): at most 160 characters, counted in code points like the post
 * text (see codePointLength) — the live counter 'n / 160' must use codePointLength too.
 */
export const BioSchema = z
  .string()
  .refine((bio) => codePointLength(bio) <= LIMITS.bioMax, { error: UNSPECIFIED_MESSAGES.bioTooLong });

/**
 * Username of the settings form (docs/product/profiles.md#username-rules). The spec's text says 'longer than 4' but the
 * product accepts exactly 4, and the spec makes that the rule. Stored lower-cased
 * (docs/product/accounts.md#user-record), so the output is lower-cased; the pattern accepts either case on input. A reserved
 * route name answers 'That username has been taken.', which is true: a page holds it.
 */
export const UsernameSchema = z
  .string({ error: VALIDATION_MESSAGES.usernameRequired })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.usernameRequired, abort: true })
  .min(LIMITS.usernameMin, VALIDATION_MESSAGES.usernameTooShort)
  .max(LIMITS.usernameMax, UNSPECIFIED_MESSAGES.usernameTooLong)
  .regex(/^[A-Za-z0-9_-]+$/, { error: VALIDATION_MESSAGES.usernameCharacters, abort: true })
  .refine((username) => !isReservedUsername(username), { error: VALIDATION_MESSAGES.usernameTaken })
  .overwrite((username) => username.toLowerCase());

/**
 * Phone (docs/product/profiles.md#phone-rules): 'an optional plus, then digits, with 6–14 further digits'. We read it
 * as an optional '+', one digit, then 6 to 14 more: 7 to 15 digits, which is also E.164's
 * maximum. The input allows 20 characters; spaces, dots, hyphens and parentheses people
 * type in '(405) 555-0123' are removed before the check, and the value is kept without them.
 */
const PHONE_PATTERN = /^\+?\d\d{6,14}$/;

export const PhoneSchema = z
  .string({ error: VALIDATION_MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.phoneRequired, abort: true })
  .max(LIMITS.phoneInputMax, { error: UNSPECIFIED_MESSAGES.phoneTooLong, abort: true })
  .overwrite((phone) => phone.replace(/[\s.()-]/g, ''))
  .regex(PHONE_PATTERN, VALIDATION_MESSAGES.phoneInvalid);

/**
 * Local part of a school email. The spec says 'letters/digits'; we also accept '.', '_', '-'
 * and '+' inside it, because real school addresses use them (Harvard College's are
 * first_last@college.harvard.edu; nora.n@ou.edu, jane-doe@…, sub-addresses with '+') and the
 * domain, not the local part, is what proves membership — the code is mailed to that address
 * anyway. It starts and ends with a letter or digit and has no two dots in a row, as a mail
 * address's dot-atom (RFC 5322) cannot (docs/decisions/030-feed-ads-and-rough-edges.md).
 */
const SCHOOL_EMAIL_LOCAL = /^(?!.*\.\.)[A-Za-z0-9](?:[A-Za-z0-9._+-]*[A-Za-z0-9])?$/;

/**
 * School email for a campus (docs/product/accounts.md#school-email-rules). `domains` is the campus's list; `current` the
 * user's present school email. Checks, each stopping the rest: no domain list → 'Something
 * went wrong'; empty, or the current address again (ignoring case, as email addresses are
 * in practice) → 'Enter a new school email'; otherwise local part, '@', exactly one of the
 * domains (ignoring case) → else 'Enter a valid school email'.
 */
export function schoolEmailSchema(domains: readonly string[], current?: string | null) {
  const allowed = new Set(domains.map((d) => d.toLowerCase()));
  const currentKey = current?.trim().toLowerCase() || null;
  return z
    .string({ error: VALIDATION_MESSAGES.newSchoolEmailRequired })
    .trim()
    .superRefine((email, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: 'custom', message, input: email });
      if (allowed.size === 0) return fail(VALIDATION_MESSAGES.schoolDomainsMissing);
      if (email === '' || email.toLowerCase() === currentKey) return fail(VALIDATION_MESSAGES.newSchoolEmailRequired);
      const at = email.lastIndexOf('@');
      const local = email.slice(0, at);
      const domain = email.slice(at + 1).toLowerCase();
      if (at < 0 || !SCHOOL_EMAIL_LOCAL.test(local) || !allowed.has(domain)) {
        fail(VALIDATION_MESSAGES.schoolEmailInvalid);
      }
    });
}

/**
 * The 4-digit code of the verify screens (docs/product/accounts.md#verification-codes). Empty → 'Please enter
 * verification code'. Anything that is not 4 digits can never be right, so it gets the
 * wrong-code answer 'Your code was incorrect. Please try again.' without a database trip.
 */
export const VerificationCodeSchema = z
  .string({ error: VALIDATION_MESSAGES.verificationCodeRequired })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.verificationCodeRequired, abort: true })
  .regex(/^\d{4}$/, VALIDATION_MESSAGES.verificationCodeIncorrect);
