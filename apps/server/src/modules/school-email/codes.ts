import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_SAFETY_MESSAGES, LIMITS } from '@campus/contract';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { reserveCodeSend } from '../auth/account-safety.repo.ts';
import type { Mailer } from '../mail/mail.plugin.ts';
import { type CodePurpose, verificationCodeMail } from '../mail/templates.ts';

/** Attempts allowed on one code before it stops working (a new one must be sent). */
export const MAX_CODE_ATTEMPTS = 5;

export function generateCode(): string {
  return String(randomInt(LIMITS.verificationCodeMin, LIMITS.verificationCodeMax + 1));
}

/**
 * Codes are stored as an HMAC keyed with the server secret: a leaked table does not reveal
 * them, and 9,000 possibilities cannot be tried offline without the key.
 */
export function hashCode(code: string, secret: string): string {
  return createHmac('sha256', secret).update(code).digest('base64url');
}

export function codeMatches(code: string, hash: string, secret: string): boolean {
  const a = Buffer.from(hashCode(code, secret));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The account spent the day's wrong guesses (decision 008): no more codes or checks today. */
export const guessesExceeded = () =>
  new AppError(429, 'CODE_GUESSES_EXCEEDED', ACCOUNT_SAFETY_MESSAGES.codeGuessesExceeded);

/**
 * Mails a fresh 4-digit code for one action (school email, email change) to `email`: it
 * counts against the account's code budget (decision 008: sends per hour, none once the day's
 * wrong guesses are used up), voids the account's earlier code for that action, is stored as
 * an HMAC valid 2 hours, and is mailed in the same transaction.
 */
export async function mailNewCode(
  deps: { db: Database; clock: Clock; secret: string; mailer: Mailer },
  input: {
    userId: string;
    /** The account's sign-in email: the key of its code budget. */
    accountEmail: string;
    action: (typeof verificationCodes.$inferInsert)['action'];
    email: string;
    campusId?: string;
    campusShortName: string;
    siteUrl: string;
    purpose: CodePurpose;
    /**
     * Throws when `email` may not be used (taken, banned). Run after the request is counted, so
     * that these answers cannot be used to test many addresses quickly.
     */
    assertUsable?: () => Promise<void>;
  },
): Promise<void> {
  const { db, clock, secret, mailer } = deps;
  const decision = await reserveCodeSend(db, input.accountEmail.toLowerCase(), false);
  if (decision === 'locked') throw guessesExceeded();
  if (decision !== 'send') {
    throw new AppError(429, 'CODE_REQUESTS_EXCEEDED', ACCOUNT_SAFETY_MESSAGES.codeRequestsExceeded);
  }
  await input.assertUsable?.();
  const code = generateCode();
  const now = clock.now();
  await db.transaction(async (tx) => {
    await tx
      .delete(verificationCodes)
      .where(and(eq(verificationCodes.userId, input.userId), eq(verificationCodes.action, input.action)));
    await tx.insert(verificationCodes).values({
      id: newId(),
      userId: input.userId,
      action: input.action,
      email: input.email,
      ...(input.campusId ? { campusId: input.campusId } : {}),
      codeHash: hashCode(code, secret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIMITS.verificationCodeTtlMs),
    });
    await mailer.enqueue(tx, {
      to: input.email,
      ...verificationCodeMail({
        code,
        campusShortName: input.campusShortName,
        siteUrl: input.siteUrl,
        purpose: input.purpose,
        email: input.email,
      }),
    });
  });
  mailer.kick();
}
