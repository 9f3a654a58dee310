import {
  ACCESS_SERVER_MESSAGES,
  ACCOUNT_SAFETY_MESSAGES,
  AUTH_MESSAGES,
  type CampusDefinition,
  campusById,
  schoolEmailSchema,
  VALIDATION_MESSAGES,
  VerificationCodeSchema,
} from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, errors, isUniqueViolation } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import { refundGuess, spendGuess } from '../auth/index.ts';
import type { Mailer } from '../mail/index.ts';
import { findUser, type UserRow } from '../users/index.ts';
import { type CodeAction, mailNewCode, takeCode } from '../verification-codes/index.ts';
import { joinCampus, schoolEmailStatus } from './school-email.repo.ts';

export interface SchoolEmailDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  secret: string;
}

const ACTION: CodeAction = 'verify school';

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
  if (!user) throw errors.unauthorized(ACCESS_SERVER_MESSAGES.signInRequired, 'UNAUTHENTICATED');
  return user;
}

const schoolEmailTaken = () => errors.conflict(ACCOUNT_SAFETY_MESSAGES.schoolEmailTaken, 'SCHOOL_EMAIL_TAKEN');

/**
 * One school email, one account: refused when the address is banned (a banned account's school
 * email stays banned, see banAccount()) or another account holds it verified. The unique index
 * users_verified_school_email_idx decides a race between two accounts verifying it at once.
 */
async function assertSchoolEmailFree(db: DbOrTx, email: string, userId: string): Promise<void> {
  const { banned, taken } = await schoolEmailStatus(db, email, userId);
  if (banned) throw errors.forbidden(AUTH_MESSAGES.banned, 'ACCOUNT_BANNED');
  if (taken) throw schoolEmailTaken();
}

/**
 * Joins the campus unless the school email is banned or another account holds it verified
 * (since the PIN was sent: refused with its own answer, nothing changes).
 */
async function admit(
  tx: DbOrTx,
  userId: string,
  join: { schoolEmail: string; campusId: string; now: Date; announce?: boolean },
): Promise<UserRow | undefined> {
  await assertSchoolEmailFree(tx, join.schoolEmail, userId);
  return joinCampus(tx, userId, join);
}

/**
 * What entering the emailed code does (verifySchoolCode), for the demo seed and tests: the
 * account joins the campus with this school email, in one transaction, and a 'new user' post
 * dated `now` announces it. `announce: false` is for an account the campus holds for a seller
 * who never signed in (no one joined). Undefined when there is no such account.
 */
export function admitToCampus(
  db: Database,
  userId: string,
  join: { schoolEmail: string; campusId: string; now: Date; announce?: boolean },
): Promise<UserRow | undefined> {
  return db.transaction((tx) => admit(tx, userId, { ...join, schoolEmail: join.schoolEmail.toLowerCase() }));
}

/**
 * Sends a PIN to the school email (docs/product/accounts.md#school-verification); an earlier PIN stops
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
 * campus_id are saved, a 'new user' post announces them, and the code is used up — in one
 * transaction.
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
  await spendGuess(db, user.email);

  const joined = await db
    .transaction(async (tx) => {
      const right = await takeCode(tx, secret, {
        userId: user.id,
        action: ACTION,
        email,
        campusId: campus.id,
        code: codeCheck.data,
        now,
      });
      if (!right) return null;
      return (await admit(tx, user.id, { schoolEmail: email, campusId: campus.id, now })) ?? null;
    })
    .catch(async (error: unknown) => {
      // Another account verified the same school email first (the unique index), or it is now
      // banned or taken: the PIN was right, so this was not a wrong guess.
      const refusal = isUniqueViolation(error) ? schoolEmailTaken() : error;
      if (refusal instanceof AppError) await refundGuess(db, user.email);
      throw refusal;
    });
  if (!joined) throw errors.badRequest(VALIDATION_MESSAGES.verificationCodeIncorrect, 'INCORRECT_CODE');
  await refundGuess(db, user.email);
  return { user: joined, redirectTo: input.siteCampus.isHub ? '/search_schools' : '/home' };
}
