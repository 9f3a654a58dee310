import { VALIDATION_MESSAGES, VerificationCodeSchema } from '@campus/contract';
import { errors, isUniqueViolation } from '../../../lib/errors.ts';
import type { SessionUser } from '../../../plugins/session.ts';
import { refundGuess, spendGuess } from '../../auth/index.ts';
import { type CodeAction, takeCode } from '../../verification-codes/index.ts';
import { type AccountDeps, invalid, requireAccount } from '../account.service.ts';
import { dropEmailVerifications, endOtherSessions } from '../credentials.repo.ts';
import { type UserRow, updateUser } from '../users.repo.ts';

export const CHANGE_EMAIL: CodeAction = 'change email';

export const emailTaken = () => errors.conflict(VALIDATION_MESSAGES.emailTaken, 'EMAIL_TAKEN');

/**
 * Email change, step 2: the right code makes the new address the sign-in email (and the
 * profile email: they are one column) and ends every other session of the account, in one
 * transaction; the one that asked stays signed in. A wrong or expired code answers 'Your code
 * was incorrect. Please try again.'; 5 wrong tries void the code, and the account-wide budget
 * (10 a day) applies across every kind of code.
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
  await spendGuess(db, oldEmail);

  const outcome = await db
    .transaction(async (tx) => {
      const right = await takeCode(tx, secret, {
        userId: user.id,
        action: CHANGE_EMAIL,
        email,
        code: codeCheck.data,
        now,
      });
      if (!right) return 'wrong' as const;
      const updated = await updateUser(tx, user.id, { email, verified: true, lastModified: now });
      // Codes and links made for the old address (verification, password reset) stop working.
      await dropEmailVerifications(tx, oldEmail);
      await endOtherSessions(tx, user.id, context.sessionToken);
      return updated ?? ('wrong' as const);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return 'taken' as const;
      throw error;
    });
  if (outcome === 'taken') throw emailTaken();
  if (outcome === 'wrong') throw errors.badRequest(VALIDATION_MESSAGES.verificationCodeIncorrect, 'INCORRECT_CODE');
  await refundGuess(db, oldEmail);
  return outcome;
}
