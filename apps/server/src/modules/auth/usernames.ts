import { baseUsername, nextUsername } from '@campus/contract';
import type { Database } from '../../db/client.ts';
import { usernamesStartingWith } from './auth.repo.ts';

/**
 * First free username for a name (docs/product/accounts.md#username-generation: joined, lower-cased, alphanumerics only, then
 * -2, -3 …). The unique index still guards a simultaneous sign-up with the same name.
 */
export async function freeUsername(db: Database, firstName: string, lastName: string): Promise<string> {
  const base = baseUsername(firstName, lastName);
  const taken = new Set((await usernamesStartingWith(db, base)).map((name) => name.toLowerCase()));
  return nextUsername(base, (candidate) => taken.has(candidate));
}
