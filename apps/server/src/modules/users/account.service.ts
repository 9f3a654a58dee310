import {
  ACCESS_SERVER_MESSAGES,
  type AccountSettings,
  type Gender,
  PhoneSchema,
  type UpdateBirthDateBody,
  type UpdateNameBody,
  VALIDATION_MESSAGES,
} from '@campus/contract';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { type AppError, errors } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { PasswordHasher } from '../auth/index.ts';
import type { Mailer } from '../mail/index.ts';
import { passwordCredentialOf } from './credentials.repo.ts';
import { type UserRow, updateUser, userById } from './users.repo.ts';

/**
 * Settings > Account (docs/product/profiles.md#account-rows, docs/product/accounts.md#verification-codes): reading the viewer's own rows and the one-field edits.
 * The edits that check a secret or mail a code are commands of their own (./commands/).
 */

export interface AccountDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  secret: string;
  /** The hasher better-auth is configured with (modules/auth/passwords.ts), so sign-in verifies what we store. */
  passwords: () => Promise<PasswordHasher>;
}

/** The first issue of a failed parse, as a 400 with the spec's message. */
export function invalid(issues: ReadonlyArray<{ message: string }>, fallback: string): AppError {
  return errors.badRequest(issues[0]?.message ?? fallback, 'VALIDATION_FAILED');
}

const notSignedIn = () => errors.unauthorized(ACCESS_SERVER_MESSAGES.signInRequired, 'UNAUTHENTICATED');

/** The signed-in account's row; a session whose account is gone is not signed in. */
export async function requireAccount(db: Database, id: string): Promise<UserRow> {
  const user = await userById(db, id);
  if (!user) throw notSignedIn();
  return user;
}

/** Settings > Account (docs/product/profiles.md#account-rows): the viewer's own rows. */
export async function accountSettings(db: Database, viewer: SessionUser): Promise<AccountSettings> {
  const user = await requireAccount(db, viewer.id);
  const credential = await passwordCredentialOf(db, user.id);
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

/** Writes the viewer's own columns; a session whose account is gone is not signed in. */
export async function updateOwn(db: Database, id: string, values: Parameters<typeof updateUser>[2]): Promise<UserRow> {
  const row = await updateUser(db, id, values);
  if (!row) throw notSignedIn();
  return row;
}

/** Edit Display Name (docs/product/profiles.md#profile-edit): first and last name; better-auth's `name` follows. */
export function updateName(db: Database, viewer: SessionUser, body: UpdateNameBody): Promise<UserRow> {
  return updateOwn(db, viewer.id, {
    firstName: body.firstName,
    lastName: body.lastName,
    name: `${body.firstName} ${body.lastName}`,
  });
}

export async function updatePhone(db: Database, viewer: SessionUser, input: string): Promise<UserRow> {
  const parsed = PhoneSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.issues, VALIDATION_MESSAGES.phoneInvalid);
  return updateOwn(db, viewer.id, { phone: parsed.data });
}

export function updateGender(db: Database, viewer: SessionUser, gender: Gender) {
  return updateOwn(db, viewer.id, { gender });
}

export function updateBirthDate(db: Database, viewer: SessionUser, birthDate: UpdateBirthDateBody) {
  return updateOwn(db, viewer.id, {
    birthDate: { month: birthDate.month, day: birthDate.day, year: birthDate.year },
  });
}
