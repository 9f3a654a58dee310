import { z } from 'zod';
import { CampusIdSchema } from './campuses.ts';
import { VALIDATION_MESSAGES } from './messages.ts';
import { SuspensionSchema } from './moderation.ts';
import { BioSchema, RegistrationNameSchema } from './names.ts';
import { codePointLength } from './text-length.ts';

/**
 * The signed-in user as they see themselves (`GET /api/me`). Other people's profiles use a
 * narrower public shape: email, phone, birth date and gender never leave the server for them.
 */
export const ViewerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  /** Avatar URL (the 400 px variant), or null before the profile picture is set. */
  img: z.string().nullable(),
  /** The 96 px avatar variant for small places (menus, comments). */
  imgSmall: z.string().nullable(),
  bio: z.string().nullable(),
  verified: z.boolean(),
  schoolVerified: z.boolean(),
  schoolEmail: z.string().nullable(),
  campusId: CampusIdSchema.nullable(),
  profileSetUp: z.boolean(),
  createdAt: z.string(),
  /** The viewer moderates this campus (docs/product/moderation.md): the nav shows Moderation. */
  moderator: z.boolean(),
});
export type Viewer = z.infer<typeof ViewerSchema>;

/** `GET /api/me`: the viewer, or null for a visitor (not an error: the shell asks on every load). */
export const MeResponseSchema = z.object({
  viewer: ViewerSchema.nullable(),
  /**
   * Set (viewer null) when the session's member is suspended (docs/product/moderation.md): the
   * web shows the suspension page with the end date and the reason.
   */
  suspension: SuspensionSchema.nullable(),
});
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const UpdateBioBodySchema = z.object({ bio: BioSchema });

/** Join a campus: send a PIN to a school email (docs/product/accounts.md#joining-a-campus). */
export const SchoolEmailSendBodySchema = z.object({
  email: z.string().max(254),
  /** The campus chosen in Find Your School; defaults to the campus of the site. */
  campusId: CampusIdSchema.optional(),
});

export const SchoolEmailVerifyBodySchema = z.object({
  email: z.string().max(254),
  code: z.string().max(10),
  campusId: CampusIdSchema.optional(),
});

export const SchoolEmailVerifyResponseSchema = z.object({
  /** Where to go next: /search_schools on the hub, /home elsewhere (docs/product/accounts.md#school-verification). */
  redirectTo: z.string(),
  viewer: ViewerSchema,
});
export type SchoolEmailVerifyResponse = z.infer<typeof SchoolEmailVerifyResponseSchema>;

/**
 * POST /api/auth/email-otp/send-verification-otp (docs/decisions/030-feed-ads-and-rough-edges.md): `sent: false` when a code
 * went out less than codeResendAfterSeconds ago and still works — nothing was mailed, and
 * `retryAfterSeconds` says when asking again would mail it. Without `sent`, a code was mailed
 * (or the address awaits no verification: that answer tells nothing about the account).
 */
export const CodeSendResponseSchema = z.object({
  success: z.boolean(),
  sent: z.boolean().optional(),
  retryAfterSeconds: z.number().int().min(0).optional(),
});
export type CodeSendResponse = z.infer<typeof CodeSendResponseSchema>;

/**
 * Account protections (docs/decisions/008-account-hardening.md). Codes are 4 digits, so guessing is bounded per account, not
 * per address: 10 wrong guesses in 24 hours over all of an account's codes, whatever the
 * number of addresses they come from.
 */
export const ACCOUNT_SAFETY_LIMITS = {
  codeWrongGuessesPerDay: 10,
  codeRequestsPerHour: 6,
  /** A code requested again within this time, while the last one is still valid, is not re-sent. */
  codeResendAfterSeconds: 60,
  /** Password sign-in from one address: this many failures in a row pause it for passwordLockMinutes. */
  passwordFailuresPerAddress: 5,
  passwordLockMinutes: 15,
  /**
   * Password checks at one account from addresses it never proved itself from, whatever their
   * number: after this many failures, at most one check per delay, the delay doubling from
   * passwordAccountDelayFirstSeconds to passwordAccountDelayMaxSeconds. Forgotten after a day
   * without failures; a password reset clears it (docs/security.md).
   */
  passwordFailuresPerAccount: 10,
  passwordAccountDelayFirstSeconds: 15,
  passwordAccountDelayMaxSeconds: 15 * 60,
  /** An address the account signed in or reset its password from, spared that delay this long. */
  passwordKnownAddressDays: 90,
  /** The whole display name (first, middle, last words); each stored name is at most 20. */
  displayNameMax: 60,
  /** JSON bodies sent to /api/auth/*: a sign-up form is a few hundred bytes. */
  authBodyMaxBytes: 16 * 1024,
  /** Nesting of those bodies: better-auth's largest body is two levels deep. */
  authBodyMaxDepth: 8,
} as const;

/**
 * The name sent with sign-up or an emailed sign-in link: the registration rules plus a
 * length cap, so a 10,000-character name is refused ('Name is Invalid') instead of stored.
 */
export const SignUpNameSchema = RegistrationNameSchema.refine(
  (name) => codePointLength(name) <= ACCOUNT_SAFETY_LIMITS.displayNameMax,
  { error: VALIDATION_MESSAGES.nameInvalid },
);
