import {
  ACCOUNT_SAFETY_MESSAGES,
  AUTH_MESSAGES,
  type CampusDefinition,
  campusById,
  schoolEmailSchema,
  VALIDATION_MESSAGES,
  VerificationCodeSchema,
} from '@campus/contract';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { bannedEmails, posts, users, verificationCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, errors } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { refundCodeGuess, reserveCodeGuess } from '../auth/account-safety.repo.ts';
import type { Mailer } from '../mail/mail.plugin.ts';
import { findUser, type UserRow } from '../users/users.repo.ts';
import { codeMatches, guessesExceeded, MAX_CODE_ATTEMPTS, mailNewCode } from './codes.ts';

export interface SchoolEmailDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  secret: string;
}

const ACTION = 'verify school';

/** The campus being joined: the one picked in Find Your School, else the site's own. */
function targetCampus(siteCampus: CampusDefinition, campusId: string | undefined): CampusDefinition {
  const campus = campusId ? campusById(campusId) : siteCampus;
  if (!campus) throw errors.badRequest(VALIDATION_MESSAGES.schoolDomainsMissing, 'UNKNOWN_CAMPUS');
  return campus;
}

function validSchoolEmail(campus: CampusDefinition, email: string, current: string | null): string {
  const parsed = schoolEmailSchema(campus.emailDomains, current).safeParse(email);
  if (!parsed.success) {
    throw errors.badRequest(
      parsed.error.issues[0]?.message ?? VALIDATION_MESSAGES.schoolEmailInvalid,
      'INVALID_SCHOOL_EMAIL',
    );
  }
  return parsed.data.toLowerCase();
}

async function requireAccount(db: Database, id: string): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user) throw errors.unauthorized('You need to log in first.', 'UNAUTHENTICATED');
  return user;
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown): boolean =>
  !!error &&
  typeof error === 'object' &&
  ((error as { code?: unknown }).code === UNIQUE_VIOLATION || isUniqueViolation((error as { cause?: unknown }).cause));

const schoolEmailTaken = () => errors.conflict(ACCOUNT_SAFETY_MESSAGES.schoolEmailTaken, 'SCHOOL_EMAIL_TAKEN');

/**
 * One school email, one account: refused when the address is banned (a banned account's school
 * email stays banned, see banAccount()) or another account holds it verified. The unique index
 * users_verified_school_email_idx decides a race between two accounts verifying it at once.
 */
async function assertSchoolEmailFree(db: DbOrTx, email: string, userId: string): Promise<void> {
  const { rows } = await db.execute<{ banned: boolean; taken: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM ${bannedEmails} WHERE ${bannedEmails.email} = ${email}) AS banned,
      EXISTS (
        SELECT 1 FROM ${users}
        WHERE ${users.schoolEmail} = ${email} AND ${users.schoolVerified} AND ${users.id} <> ${userId}
      ) AS taken`);
  if (rows[0]?.banned) throw errors.forbidden(AUTH_MESSAGES.banned, 'ACCOUNT_BANNED');
  if (rows[0]?.taken) throw schoolEmailTaken();
}

/**
 * Sends a PIN to the school email (spec 2 §4 'School verification'); an earlier PIN stops
 * working. PINs count against the account's code budget (account-safety.repo.ts): requests
 * per hour, and none once its wrong guesses for the day are used up.
 */
export async function sendSchoolCode(
  deps: SchoolEmailDeps,
  viewer: SessionUser,
  input: { email: string; campusId?: string; siteCampus: CampusDefinition; siteUrl: string },
): Promise<void> {
  const user = await requireAccount(deps.db, viewer.id);
  const campus = targetCampus(input.siteCampus, input.campusId);
  const email = validSchoolEmail(campus, input.email, user.schoolEmail);
  await mailNewCode(deps, {
    userId: user.id,
    accountEmail: user.email,
    action: ACTION,
    email,
    campusId: campus.id,
    campusShortName: campus.shortName,
    siteUrl: input.siteUrl,
    purpose: 'school-email',
    assertUsable: () => assertSchoolEmailFree(deps.db, email, user.id),
  });
}

/**
 * Checks the PIN; on success the user joins the campus: school_verified, school_email and
 * campus_id are saved, a 'new user' post announces them, and the code is deleted — together.
 */
export async function verifySchoolCode(
  deps: SchoolEmailDeps,
  viewer: SessionUser,
  input: { email: string; code: string; campusId?: string; siteCampus: CampusDefinition },
): Promise<{ user: UserRow; redirectTo: string }> {
  const { db, clock, secret } = deps;
  const codeCheck = VerificationCodeSchema.safeParse(input.code);
  if (!codeCheck.success) {
    throw errors.badRequest(
      codeCheck.error.issues[0]?.message ?? VALIDATION_MESSAGES.verificationCodeIncorrect,
      'INVALID_CODE',
    );
  }
  const user = await requireAccount(db, viewer.id);
  const campus = targetCampus(input.siteCampus, input.campusId);
  const email = input.email.trim().toLowerCase();
  const now = clock.now();
  // Counted before checking, so that parallel guesses cannot exceed the account's budget.
  if (!(await reserveCodeGuess(db, user.email))) throw guessesExceeded();

  const joined = await db
    .transaction(async (tx) => {
      const [pending] = await tx
        .select()
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, user.id),
            eq(verificationCodes.action, ACTION),
            eq(verificationCodes.email, email),
            eq(verificationCodes.campusId, campus.id),
            gt(verificationCodes.expiresAt, now),
          ),
        )
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1)
        .for('update');
      if (!pending || pending.attempts >= MAX_CODE_ATTEMPTS) return null;
      if (!codeMatches(codeCheck.data, pending.codeHash, secret)) {
        await tx
          .update(verificationCodes)
          .set({ attempts: pending.attempts + 1 })
          .where(eq(verificationCodes.id, pending.id));
        return null;
      }
      // Banned or taken since the PIN was sent: refused with its own answer (nothing changes).
      await assertSchoolEmailFree(tx, email, user.id);
      const [updated] = await tx
        .update(users)
        .set({ schoolVerified: true, schoolEmail: email, campusId: campus.id, lastModified: now })
        .where(eq(users.id, user.id))
        .returning();
      await tx.insert(posts).values({
        id: newId(),
        campusId: campus.id,
        userId: user.id,
        type: 'new user',
        createdAt: now,
        lastModified: now,
      });
      await tx.delete(verificationCodes).where(eq(verificationCodes.id, pending.id));
      return updated;
    })
    .catch(async (error: unknown) => {
      // Another account verified the same school email first (the unique index), or it is now
      // banned or taken: the PIN was right, so this was not a wrong guess.
      const refusal = isUniqueViolation(error) ? schoolEmailTaken() : error;
      if (refusal instanceof AppError) await refundCodeGuess(db, user.email);
      throw refusal;
    });
  if (!joined) throw errors.badRequest(VALIDATION_MESSAGES.verificationCodeIncorrect, 'INCORRECT_CODE');
  await refundCodeGuess(db, user.email);
  return { user: joined, redirectTo: input.siteCampus.isHub ? '/search_schools' : '/home' };
}
