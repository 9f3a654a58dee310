import {
  type AccountSettings,
  AUTH_MESSAGES,
  type CampusDefinition,
  type ChangePasswordBody,
  newEmailSchema,
  PhoneSchema,
  SETTINGS_MESSAGES,
  type UpdateBirthDateBody,
  type UpdateNameBody,
  UsernameSchema,
  VALIDATION_MESSAGES,
  VerificationCodeSchema,
} from '@campus/contract';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  authVerifications,
  bannedEmails,
  sessions,
  users,
  verificationCodes,
} from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { clearFailures, refundCodeGuess, reserveCodeGuess } from '../auth/account-safety.repo.ts';
import { admitPasswordAttempt } from '../auth/account-safety.service.ts';
import type { Mailer } from '../mail/mail.plugin.ts';
import { codeMatches, guessesExceeded, MAX_CODE_ATTEMPTS, mailNewCode } from '../school-email/codes.ts';
import { findUser, type UserRow } from './users.repo.ts';

/** The hasher better-auth is configured with (modules/auth/passwords.ts), so sign-in verifies what we store. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export interface AccountDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  secret: string;
  passwords: () => Promise<PasswordHasher>;
}

const CHANGE_EMAIL = 'change email';
const _CODE_TTL_MS = 2 * 60 * 60 * 1000;
/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const e = error as { code?: unknown; cause?: unknown };
  return e.code === UNIQUE_VIOLATION || isUniqueViolation(e.cause, depth + 1);
}

const usernameTaken = () => errors.conflict(VALIDATION_MESSAGES.usernameTaken, 'USERNAME_TAKEN');
const emailTaken = () => errors.conflict(VALIDATION_MESSAGES.emailTaken, 'EMAIL_TAKEN');

/** The first issue of a failed parse, as a 400 with the spec's message. */
function invalid(issues: ReadonlyArray<{ message: string }>, fallback: string): AppError {
  return errors.badRequest(issues[0]?.message ?? fallback, 'VALIDATION_FAILED');
}

async function requireAccount(db: Database, id: string): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user) throw errors.unauthorized('You need to log in first.', 'UNAUTHENTICATED');
  return user;
}

/** Settings > Account (spec 2 §2): the viewer's own rows. */
export async function accountSettings(db: Database, viewer: SessionUser): Promise<AccountSettings> {
  const user = await requireAccount(db, viewer.id);
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
    .limit(1);
  return {
    username: user.username,
    email: user.email,
    phone: user.phone,
    schoolEmail: user.schoolEmail,
    schoolVerified: user.schoolVerified,
    createdAt: user.createdAt.toISOString(),
    gender: user.gender,
    birthDate: user.birthDate,
    hasPassword: credential !== undefined,
  };
}

async function updateOwn(db: Database, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, lastModified: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw errors.unauthorized('You need to log in first.', 'UNAUTHENTICATED');
  return row;
}

/** Edit Display Name (spec 2 §2): first and last name; better-auth's `name` follows. */
export function updateName(db: Database, viewer: SessionUser, body: UpdateNameBody): Promise<UserRow> {
  return updateOwn(db, viewer.id, {
    firstName: body.firstName,
    lastName: body.lastName,
    name: `${body.firstName} ${body.lastName}`,
  });
}

/**
 * Username (spec 2 §5). Reserved route names and names held by anyone else, ignoring case,
 * answer 'That username has been taken.'; the unique (citext) index decides a race.
 */
export async function updateUsername(db: Database, viewer: SessionUser, input: string): Promise<UserRow> {
  const parsed = UsernameSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? VALIDATION_MESSAGES.usernameRequired;
    throw message === VALIDATION_MESSAGES.usernameTaken ? usernameTaken() : invalid(parsed.error.issues, message);
  }
  const username = parsed.data;
  const holder = await db.query.users.findFirst({ where: eq(users.username, username), columns: { id: true } });
  if (holder && holder.id !== viewer.id) throw usernameTaken();
  try {
    return await updateOwn(db, viewer.id, { username });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}

export async function updatePhone(db: Database, viewer: SessionUser, input: string): Promise<UserRow> {
  const parsed = PhoneSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.issues, VALIDATION_MESSAGES.phoneInvalid);
  return updateOwn(db, viewer.id, { phone: parsed.data });
}

export function updateGender(db: Database, viewer: SessionUser, gender: 'male' | 'female' | 'other') {
  return updateOwn(db, viewer.id, { gender });
}

export function updateBirthDate(db: Database, viewer: SessionUser, birthDate: UpdateBirthDateBody) {
  return updateOwn(db, viewer.id, {
    birthDate: { month: birthDate.month, day: birthDate.day, year: birthDate.year },
  });
}

/**
 * Change password (spec 2 §5). A wrong current password answers 'Invalid password.' and
 * counts as a failed sign-in of this account from this address (decision 008): after 5 the
 * address is paused for 15 minutes here and at sign-in alike, counted before the check so
 * parallel guesses cannot pass the limit. On success every other session of the account
 * ends; the one that asked stays signed in.
 */
export async function changePassword(
  deps: AccountDeps,
  viewer: SessionUser,
  body: ChangePasswordBody,
  context: { clientIp: string; sessionToken: string | null },
): Promise<void> {
  const { db } = deps;
  const user = await requireAccount(db, viewer.id);
  const email = user.email.toLowerCase();
  if (!(await admitPasswordAttempt(db, email, context.clientIp)).allowed) {
    throw new AppError(429, 'ACCOUNT_LOCKED', AUTH_MESSAGES.tooManyAttempts);
  }
  const [credential] = await db
    .select({ id: accounts.id, password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
    .limit(1);
  const hasher = await deps.passwords();
  const matches = credential?.password
    ? await hasher.verify({ hash: credential.password, password: body.currentPassword })
    : false;
  if (!credential || !matches) throw errors.badRequest(SETTINGS_MESSAGES.invalidPassword, 'INVALID_PASSWORD');
  const hash = await hasher.hash(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ password: hash, updatedAt: new Date() }).where(eq(accounts.id, credential.id));
    await tx
      .delete(sessions)
      .where(
        context.sessionToken
          ? and(eq(sessions.userId, user.id), ne(sessions.token, context.sessionToken))
          : eq(sessions.userId, user.id),
      );
  });
  await clearFailures(db, email, context.clientIp);
}

/** An address no one may take: held by another account, or banned. */
async function emailUnavailable(db: Database, email: string, ownId: string): Promise<boolean> {
  const [row] = await db
    .select({
      taken: sql<boolean>`EXISTS (SELECT 1 FROM ${users} WHERE ${users.email} = ${email} AND ${users.id} <> ${ownId})
        OR EXISTS (SELECT 1 FROM ${bannedEmails} WHERE ${bannedEmails.email} = ${email})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row?.taken === true;
}

/**
 * Email change, step 1 (spec 2 §4): checks the new address ('Email is required.', 'Enter a
 * new email', 'Invalid email address!', 'That email is taken.' — all ignoring case) and mails
 * a 4-digit code to it, valid 2 hours, stored as an HMAC. The code counts against the
 * account's code budget (decision 008: sends per hour, none once the day's wrong guesses are
 * used up). An earlier email-change code stops working.
 */
export async function sendEmailChangeCode(
  deps: AccountDeps,
  viewer: SessionUser,
  input: { email: string; campus: CampusDefinition; siteUrl: string },
): Promise<void> {
  const { db } = deps;
  const user = await requireAccount(db, viewer.id);
  const parsed = newEmailSchema(user.email).safeParse(input.email);
  if (!parsed.success) throw invalid(parsed.error.issues, VALIDATION_MESSAGES.emailInvalid);
  const email = parsed.data.toLowerCase();
  if (await emailUnavailable(db, email, user.id)) throw emailTaken();

  await mailNewCode(deps, {
    userId: user.id,
    accountEmail: user.email,
    action: CHANGE_EMAIL,
    email,
    campusShortName: input.campus.shortName,
    siteUrl: input.siteUrl,
    purpose: 'change-email',
  });
}

/**
 * Email change, step 2: the right code makes the new address the sign-in email (and the
 * profile email: they are one column) and ends every other session of the account; the one
 * that asked stays signed in. A wrong or expired code answers 'Your code was incorrect.
 * Please try again.'; 5 wrong tries void the code, and the account-wide budget (10 a day)
 * applies across every kind of code.
 */
export async function verifyEmailChange(
  deps: AccountDeps,
  viewer: SessionUser,
  input: { email: string; code: string },
  context: { sessionToken: string | null },
): Promise<UserRow> {
  const { db, clock, secret } = deps;
  const codeCheck = VerificationCodeSchema.safeParse(input.code);
  if (!codeCheck.success) throw invalid(codeCheck.error.issues, VALIDATION_MESSAGES.verificationCodeIncorrect);
  const user = await requireAccount(db, viewer.id);
  const oldEmail = user.email.toLowerCase();
  const email = input.email.trim().toLowerCase();
  const now = clock.now();
  if (!(await reserveCodeGuess(db, oldEmail))) throw guessesExceeded();

  const outcome = await db
    .transaction(async (tx) => {
      const [pending] = await tx
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, user.id),
            eq(verificationCodes.action, CHANGE_EMAIL),
            eq(verificationCodes.email, email),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
        .for('update');
      if (!pending || pending.attempts >= MAX_CODE_ATTEMPTS) return 'wrong' as const;
      if (!codeMatches(codeCheck.data, pending.codeHash, secret)) {
        await tx
          .update(verificationCodes)
          .set({ attempts: pending.attempts + 1 })
          .where(eq(verificationCodes.id, pending.id));
        return 'wrong' as const;
      }
      const [updated] = await tx
        .update(users)
        .set({ email, verified: true, lastModified: now })
        .where(eq(users.id, user.id))
        .returning();
      await tx.delete(verificationCodes).where(eq(verificationCodes.id, pending.id));
      // Codes and links made for the old address (verification, password reset) stop working.
      await tx
        .delete(authVerifications)
        .where(sql`${authVerifications.identifier} = ${`email-verification-otp-${oldEmail}`}`);
      await tx
        .delete(sessions)
        .where(
          context.sessionToken
            ? and(eq(sessions.userId, user.id), ne(sessions.token, context.sessionToken))
            : eq(sessions.userId, user.id),
        );
      return updated ?? ('wrong' as const);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return 'taken' as const;
      throw error;
    });
  if (outcome === 'taken') throw emailTaken();
  if (outcome === 'wrong') throw errors.badRequest(VALIDATION_MESSAGES.verificationCodeIncorrect, 'INCORRECT_CODE');
  await refundCodeGuess(db, oldEmail);
  return outcome;
}
