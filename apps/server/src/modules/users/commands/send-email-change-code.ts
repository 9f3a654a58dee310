import { type CampusDefinition, newEmailSchema, VALIDATION_MESSAGES } from '@campus/contract';
import type { SessionUser } from '../../../plugins/session.ts';
import { mailNewCode } from '../../verification-codes/index.ts';
import { type AccountDeps, invalid, requireAccount } from '../account.service.ts';
import { emailUnavailable } from '../users.repo.ts';
import { CHANGE_EMAIL, emailTaken } from './verify-email-change.ts';

/**
 * Email change, step 1 (docs/product/profiles.md#email-change): checks the new address ('Email is required.', 'Enter a
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
