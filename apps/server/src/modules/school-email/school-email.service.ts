import {
  type CampusDefinition,
  campusById,
  schoolEmailSchema,
  VALIDATION_MESSAGES,
  VerificationCodeSchema,
} from '@campus/contract';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { posts, users, verificationCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors } from '../../lib/errors.ts';
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

  const joined = await db.transaction(async (tx) => {
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
  });
  if (!joined) throw errors.badRequest(VALIDATION_MESSAGES.verificationCodeIncorrect, 'INCORRECT_CODE');
  await refundCodeGuess(db, user.email);
  return { user: joined, redirectTo: input.siteCampus.isHub ? '/search_schools' : '/home' };
}
