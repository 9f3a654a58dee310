import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.ts';
import type { Auth } from '../modules/auth/index.ts';
import { grantDemoModerators } from '../modules/moderation/index.ts';
import { admitToCampus } from '../modules/school-email/index.ts';
import { changeProfilePhoto, findUsersByEmail, markEmailVerifiedWithBio } from '../modules/users/index.ts';
import type { StorageDriver } from '../plugins/storage.ts';
import {
  avatarFile,
  DEMO_ACCOUNTS,
  DEMO_MODERATORS,
  DEMO_PHOTOS_DIR,
  type DemoAccount,
  demoJoinTime,
} from './demo-people.ts';

/** Listed in the README: sign in with these on a fresh `npm start`. */
const DEMO_PASSWORD = 'buysell123';

interface SeedDeps {
  db: Database;
  auth: Auth;
  storage: StorageDriver;
}

/**
 * Creates one demo account unless it exists; returns whether it was created. Everything goes
 * through the modules, as if its owner had signed up with better-auth, entered the emailed codes
 * (users and school-email), written a bio and picked a picture. The students joined two weeks
 * ago, just before the demo listings (demoJoinTime): their 'new user' posts are dated then.
 */
async function seedDemoAccount(deps: SeedDeps, account: DemoAccount): Promise<boolean> {
  const { db, auth, storage } = deps;
  const [existing] = await findUsersByEmail(db, [account.email]);
  if (existing) return false;
  const { user } = await auth.api.signUpEmail({
    body: { name: account.name, email: account.email, password: DEMO_PASSWORD },
  });
  await markEmailVerifiedWithBio(db, user.id, { verified: !account.unclaimed, bio: account.bio });
  if (account.campus) {
    await admitToCampus(db, user.id, {
      schoolEmail: account.campus.schoolEmail,
      campusId: account.campus.id,
      now: demoJoinTime(Date.now()),
      // An unclaimed account is held by the campus: no one joined, so no 'new user' post.
      announce: !account.unclaimed,
    });
  }
  await changeProfilePhoto({ db, storage }, user.id, await readFile(path.join(DEMO_PHOTOS_DIR, avatarFile(account))));
  return true;
}

/** Creates the demo accounts that do not exist yet (safe to run at every start); returns how many. */
export async function seedDemoAccounts(deps: SeedDeps): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) if (await seedDemoAccount(deps, account)) created += 1;
  // Jordan moderates OU and Taylor UT (README): the Moderation page has someone to show it.
  await grantDemoModerators(deps.db, DEMO_MODERATORS);
  return created;
}
