import { UsernameSchema, VALIDATION_MESSAGES } from '@campus/contract';
import type { Database } from '../../../db/client.ts';
import { errors, isUniqueViolation } from '../../../lib/errors.ts';
import type { SessionUser } from '../../../plugins/session.ts';
import { invalid, updateOwn } from '../account.service.ts';
import { type UserRow, userIdByUsername } from '../users.repo.ts';

const usernameTaken = () => errors.conflict(VALIDATION_MESSAGES.usernameTaken, 'USERNAME_TAKEN');

/**
 * Username (docs/product/profiles.md#username-rules). Reserved route names and names held by anyone else, ignoring case,
 * answer 'That username has been taken.'; the unique (citext) index decides a race.
 */
export async function updateUsername(db: Database, viewer: SessionUser, input: string): Promise<UserRow> {
  const parsed = UsernameSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? VALIDATION_MESSAGES.usernameRequired;
    throw message === VALIDATION_MESSAGES.usernameTaken ? usernameTaken() : invalid(parsed.error.issues, message);
  }
  const username = parsed.data;
  const holder = await userIdByUsername(db, username);
  if (holder && holder !== viewer.id) throw usernameTaken();
  try {
    return await updateOwn(db, viewer.id, { username });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
}
