import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@campus/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { spendCodeSend } from '../auth/index.ts';
import { type CodePurpose, type Mailer, verificationCodeMail } from '../mail/index.ts';
import { type CodeAction, deleteCode, lockPendingCode, replaceCode, setAttempts } from './verification-codes.repo.ts';

/**
 * 4-digit codes mailed to prove an address for one action of a signed-in account (joining a
 * campus with a school email, changing the sign-in email). better-auth's own sign-up codes are
 * not these (modules/auth).
 */

export type { CodeAction } from './verification-codes.repo.ts';

/** Attempts allowed on one code before it stops working (a new one must be sent). */
export const MAX_CODE_ATTEMPTS = 5;

function generateCode(): string {
  return String(randomInt(LIMITS.verificationCodeMin, LIMITS.verificationCodeMax + 1));
}

/**
 * Codes are stored as an HMAC keyed with the server secret: a leaked table does not reveal
 * them, and 9,000 possibilities cannot be tried offline without the key.
 */
function hashCode(code: string, secret: string): string {
  return createHmac('sha256', secret).update(code).digest('base64url');
}

function codeMatches(code: string, hash: string, secret: string): boolean {
  const a = Buffer.from(hashCode(code, secret));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}

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
    action: CodeAction;
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
  await spendCodeSend(db, input.accountEmail);
  await input.assertUsable?.();
  const code = generateCode();
  const now = clock.now();
  await db.transaction(async (tx) => {
    await replaceCode(tx, {
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

/**
 * Inside the caller's transaction: whether `code` is the account's pending code for this action
 * and address (and campus, when given). A right code is used up (deleted, with the rest of the
 * caller's transaction); a wrong one counts an attempt, and after MAX_CODE_ATTEMPTS the code
 * stops working. A missing or expired code is simply wrong.
 */
export async function takeCode(
  tx: DbOrTx,
  secret: string,
  input: { userId: string; action: CodeAction; email: string; campusId?: string; code: string; now: Date },
): Promise<boolean> {
  const { code, ...key } = input;
  const pending = await lockPendingCode(tx, key);
  if (!pending || pending.attempts >= MAX_CODE_ATTEMPTS) return false;
  if (!codeMatches(code, pending.codeHash, secret)) {
    await setAttempts(tx, pending.id, pending.attempts + 1);
    return false;
  }
  await deleteCode(tx, pending.id);
  return true;
}
