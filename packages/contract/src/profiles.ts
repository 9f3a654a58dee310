/**
 * Profile pages and account settings (docs/product/profiles.md#profile-page, docs/product/profiles.md#profile-edit,
 * docs/product/profiles.md#settings, docs/product/accounts.md#user-record, docs/product/profiles.md#email-change,
 * docs/product/profiles.md#field-rules, docs/product/profiles.md#profile-lists). Every form
 * schema here is both the web form's resolver and the server's body check, so the spec's
 * message is produced on either side.
 */

import { z } from 'zod';
import { CampusIdSchema } from './campuses.ts';
import { LIMITS } from './constants.ts';
import { PROFILE_SERVER_MESSAGES, UNSPECIFIED_MESSAGES, VALIDATION_MESSAGES } from './messages.ts';
import { nameFieldSchema } from './names.ts';
import { PostListSchema } from './posts.ts';
import { PROFILE_TABS } from './profile-route.ts';

/** Control characters (NUL and friends) never belong in a report reason, apart from its line breaks. */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** `/:username` as the profile routes take it: the username pattern, case as typed. */
export const ProfileParamsSchema = z.object({ username: z.string().min(1).max(LIMITS.usernameMax) });

/** Tabs of the profile page (docs/product/profiles.md#profile-route; Posts is the default). */
export const ProfileListQuerySchema = z.object({
  show: z.enum(PROFILE_TABS).default('posts'),
  cursor: z.string().max(200).optional(),
});

/**
 * Another member's profile as anyone on the campus sees it (and one's own, with `isOwn`).
 * Whitelisted: never email, phone, gender, birth date or school email.
 */
export const PublicProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The 400 px avatar, or null before a picture is set. */
  img: z.string().nullable(),
  imgSmall: z.string().nullable(),
  bio: z.string().nullable(),
  /** Joined date. */
  createdAt: z.string(),
  /** Email verified: an unverified profile offers 'Claim this account'. */
  verified: z.boolean(),
  /** The verified mark: a school-verified member of the campus. */
  schoolVerified: z.boolean(),
  campusId: CampusIdSchema,
  profileSetUp: z.boolean(),
  /** Top-level posts, 'new user' posts excluded. */
  postCount: z.number().int(),
  /** The viewer's own profile: 'Edit Profile' / 'Set up profile' instead of 'Send Message' and 'Report'. */
  isOwn: z.boolean(),
  /** Either side blocked the other: no Send Message, and the lists are empty. */
  blocked: z.boolean(),
  /** The viewer blocked this member: the menu offers Unblock instead of Block. */
  blockedByViewer: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const ProfileListSchema = PostListSchema;

/** First and last name of the Edit Display Name modal: the registration's name rule (names.ts), at most 20 each. */
export const UpdateNameBodySchema = z.object({
  firstName: nameFieldSchema(PROFILE_SERVER_MESSAGES.firstNameTooLong),
  lastName: nameFieldSchema(PROFILE_SERVER_MESSAGES.lastNameTooLong),
});
export type UpdateNameBody = z.infer<typeof UpdateNameBodySchema>;

/**
 * Change password (docs/product/profiles.md#password-change-rules), checked in the spec's order: current required, new required,
 * repeat required, repeat matches, 6+ characters. Inputs are at most 30 (maxlength).
 * 'Invalid password.' (a wrong current password) needs the account and is the server's.
 */
export const ChangePasswordBodySchema = z
  .object({
    currentPassword: z
      .string({ error: VALIDATION_MESSAGES.currentPasswordRequired })
      .min(1, { error: VALIDATION_MESSAGES.currentPasswordRequired, abort: true })
      .max(LIMITS.passwordMax, UNSPECIFIED_MESSAGES.passwordTooLong),
    newPassword: z
      .string({ error: VALIDATION_MESSAGES.newPasswordRequired })
      .min(1, { error: VALIDATION_MESSAGES.newPasswordRequired, abort: true })
      .max(LIMITS.passwordMax, UNSPECIFIED_MESSAGES.passwordTooLong),
    repeatPassword: z
      .string({ error: VALIDATION_MESSAGES.repeatPasswordRequired })
      .min(1, { error: VALIDATION_MESSAGES.repeatPasswordRequired, abort: true })
      .max(LIMITS.passwordMax, UNSPECIFIED_MESSAGES.passwordTooLong),
  })
  .superRefine((body, ctx) => {
    if (body.newPassword !== body.repeatPassword) {
      ctx.addIssue({ code: 'custom', path: ['repeatPassword'], message: VALIDATION_MESSAGES.passwordsDoNotMatch });
    } else if (body.newPassword.length < LIMITS.passwordMin) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: VALIDATION_MESSAGES.newPasswordTooShort });
    }
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

/**
 * Username and phone bodies: the string only; the server applies UsernameSchema / PhoneSchema
 * (names.ts) itself so that a reserved or held username answers 409 USERNAME_TAKEN.
 */
export const UpdateUsernameBodySchema = z.object({
  username: z.string({ error: VALIDATION_MESSAGES.usernameRequired }).max(200, UNSPECIFIED_MESSAGES.usernameTooLong),
});
export const UpdatePhoneBodySchema = z.object({
  phone: z.string({ error: VALIDATION_MESSAGES.phoneRequired }).max(200, UNSPECIFIED_MESSAGES.phoneTooLong),
});

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** 'Must select a gender' for anything but one of the three choices (docs/product/profiles.md#gender-rules). */
export const UpdateGenderBodySchema = z.object({
  gender: z.enum(GENDERS, { error: VALIDATION_MESSAGES.genderRequired }),
});

/** Years offered by the birth-date form, newest first (docs/product/profiles.md#birth-date-rules: 2021 down to 1970). */
export const BIRTH_YEARS: readonly number[] = Array.from(
  { length: LIMITS.birthYearMax - LIMITS.birthYearMin + 1 },
  (_, i) => LIMITS.birthYearMax - i,
);

/** A select's value ('' when nothing is chosen) or a number; anything else is not filled in. */
const birthPart = (min: number, max: number) =>
  z
    .union([z.number(), z.string().max(4)], { error: VALIDATION_MESSAGES.birthDateIncomplete })
    .transform((value, ctx) => {
      const n = typeof value === 'number' ? value : /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: VALIDATION_MESSAGES.birthDateIncomplete });
        return z.NEVER;
      }
      return n;
    });

/** The number of days of a month (1–12) in a year: 28 to 31. */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Birth date (docs/product/profiles.md#birth-date-rules): month, day (1–31) and year (1970–2021) all required, and a day the
 * month has in that year: 'February 31, 2001' is refused (docs/decisions/030-feed-ads-and-rough-edges.md).
 */
export const UpdateBirthDateBodySchema = z
  .object({
    month: birthPart(1, 12),
    day: birthPart(1, 31),
    year: birthPart(LIMITS.birthYearMin, LIMITS.birthYearMax),
  })
  .superRefine((date, ctx) => {
    if (date.day > daysInMonth(date.year, date.month)) {
      ctx.addIssue({ code: 'custom', path: ['day'], message: VALIDATION_MESSAGES.birthDateNotReal });
    }
  });
export type UpdateBirthDateBody = z.infer<typeof UpdateBirthDateBodySchema>;

/** Email change, step 1: the new address (checked against the current one by newEmailSchema). */
export const EmailChangeSendBodySchema = z.object({
  email: z.string({ error: VALIDATION_MESSAGES.emailRequired }).max(254, UNSPECIFIED_MESSAGES.emailTooLong),
});
/** Email change, step 2: the new address and the code mailed to it. */
export const EmailChangeVerifyBodySchema = z.object({
  email: z.string({ error: VALIDATION_MESSAGES.emailRequired }).max(254, UNSPECIFIED_MESSAGES.emailTooLong),
  code: z
    .string({ error: VALIDATION_MESSAGES.verificationCodeRequired })
    .max(10, VALIDATION_MESSAGES.verificationCodeIncorrect),
});

/** Settings > Account rows (docs/product/profiles.md#account-rows), the viewer's own. Empty rows are null. */
export const AccountSettingsSchema = z.object({
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  schoolEmail: z.string().nullable(),
  /** The 'Verified' row: Yes when school-verified. */
  schoolVerified: z.boolean(),
  createdAt: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birthDate: z.object({ month: z.number().int(), day: z.number().int(), year: z.number().int() }).nullable(),
  /** Whether the account has a password to change (Google-only accounts have none). */
  hasPassword: z.boolean(),
});
export type AccountSettings = z.infer<typeof AccountSettingsSchema>;

export const EmailChangeVerifyResponseSchema = z.object({ email: z.string() });

/** Report a user (docs/product/profiles.md#profile-menu): an optional reason for the moderators. */
const REPORT_REASON_MAX = 500;
export const ReportBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .max(REPORT_REASON_MAX, PROFILE_SERVER_MESSAGES.reportReasonTooLong)
    .refine((reason) => !CONTROL_CHARACTERS.test(reason.replace(/[\r\n\t]/g, ' ')), {
      error: PROFILE_SERVER_MESSAGES.reportReasonInvalid,
    })
    .optional(),
});
export const ReportResponseSchema = z.object({ message: z.string() });

/**
 * POST /api/profiles/:username/claim ('Claim this account', docs/product/profiles.md#profile-menu): a sign-in link went to
 * the account's own address, which is never shown — only its owner can open the link.
 */
export const ClaimProfileResponseSchema = z.object({ sent: z.literal(true) });
export type ClaimProfileResponse = z.infer<typeof ClaimProfileResponseSchema>;
