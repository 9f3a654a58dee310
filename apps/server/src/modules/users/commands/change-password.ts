import { AUTH_MESSAGES, type ChangePasswordBody, SETTINGS_MESSAGES } from '@campus/contract';
import { AppError, errors } from '../../../lib/errors.ts';
import type { SessionUser } from '../../../plugins/session.ts';
import { admitPasswordAttempt, passwordSucceeded } from '../../auth/index.ts';
import { type AccountDeps, requireAccount } from '../account.service.ts';
import { endOtherSessions, passwordCredentialOf, setPasswordHash } from '../credentials.repo.ts';

/**
 * Change password (docs/product/profiles.md#password-change-rules). A wrong current password answers 'Invalid password.' and
 * counts as a failed sign-in of this account from this address (decision 008): after 5 the
 * address is paused for 15 minutes here and at sign-in alike, counted before the check so
 * parallel guesses cannot pass the limit. On success every other session of the account
 * ends, in the transaction that stores the new hash; the one that asked stays signed in.
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
  const credential = await passwordCredentialOf(db, user.id);
  const hasher = await deps.passwords();
  const matches = credential?.password
    ? await hasher.verify({ hash: credential.password, password: body.currentPassword })
    : false;
  if (!credential || !matches) throw errors.badRequest(SETTINGS_MESSAGES.invalidPassword, 'INVALID_PASSWORD');
  const hash = await hasher.hash(body.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, credential.id, hash);
    await endOtherSessions(tx, user.id, context.sessionToken);
  });
  await passwordSucceeded(db, email, context.clientIp);
}
