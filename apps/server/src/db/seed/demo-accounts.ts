import { CAMPUS_IDS } from '@campus/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { newId } from '../../lib/ids.ts';
import type { Auth } from '../../modules/auth/auth.ts';
import { changeProfilePhoto } from '../../modules/users/users.service.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import type { Database } from '../client.ts';
import { posts, users } from '../schema/index.ts';

/** Listed in the README: sign in with these on a fresh `npm start`. */
export const DEMO_PASSWORD = 'buysell123';

export interface DemoAccount {
  name: string;
  email: string;
  bio?: string;
  campus?: { id: string; schoolEmail: string };
  color: string;
  /**
   * Held by the campus for a seller who never signed in: the email is not verified, so the
   * profile offers 'Claim this account' (spec 2 §2, decision 016). No 'joined' post.
   */
  unclaimed?: boolean;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    name: 'Avery Carter',
    email: 'avery@ou.edu',
    bio: 'Junior at OU. Selling dorm stuff before I move off campus.',
    campus: { id: CAMPUS_IDS.ou, schoolEmail: 'avery@ou.edu' },
    color: '#841617',
  },
  {
    name: 'Jordan Brooks',
    email: 'jordan@ou.edu',
    bio: 'Engineering student. Drones, 3D printers and anything with a battery.',
    campus: { id: CAMPUS_IDS.ou, schoolEmail: 'jordan@ou.edu' },
    color: '#1f5f8f',
  },
  {
    name: 'Taylor Nguyen',
    email: 'taylor@utexas.edu',
    bio: 'Hook ’em! Always looking for concert tickets.',
    campus: { id: CAMPUS_IDS.ut, schoolEmail: 'taylor@utexas.edu' },
    color: '#9a4500',
  },
  {
    name: 'Sam Rivera',
    email: 'sam.rivera@ou.edu',
    bio: 'Listings from the OU Buy / Sell group. Is this you? Claim this account.',
    campus: { id: CAMPUS_IDS.ou, schoolEmail: 'sam.rivera@ou.edu' },
    color: '#5b3f8c',
    unclaimed: true,
  },
  // Verified email, no school yet: shows the join-your-campus path.
  { name: 'Casey Morgan', email: 'casey@example.com', color: '#00703c' },
];

/** A plain monogram picture, so demo profiles look finished. */
async function demoPicture(name: string, color: string): Promise<Buffer> {
  const initials = name
    .split(' ')
    .map((w) => w[0])
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${color}"/><text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="150" fill="#fff">${initials}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface SeedDeps {
  db: Database;
  auth: Auth;
  storage: StorageDriver;
}

/** Creates one demo account unless it exists; returns whether it was created. */
export async function seedDemoAccount(deps: SeedDeps, account: DemoAccount): Promise<boolean> {
  const { db, auth, storage } = deps;
  const existing = await db.query.users.findFirst({ where: eq(users.email, account.email), columns: { id: true } });
  if (existing) return false;
  const { user } = await auth.api.signUpEmail({
    body: { name: account.name, email: account.email, password: DEMO_PASSWORD },
  });
  const now = new Date();
  await db
    .update(users)
    .set({
      verified: !account.unclaimed,
      bio: account.bio ?? null,
      ...(account.campus
        ? { schoolVerified: true, schoolEmail: account.campus.schoolEmail, campusId: account.campus.id }
        : {}),
    })
    .where(eq(users.id, user.id));
  if (account.bio) await changeProfilePhoto({ db, storage }, user.id, await demoPicture(account.name, account.color));
  if (account.campus && !account.unclaimed) {
    await db.insert(posts).values({
      id: newId(),
      campusId: account.campus.id,
      userId: user.id,
      type: 'new user',
      createdAt: now,
      lastModified: now,
    });
  }
  return true;
}

/** Creates the demo accounts that do not exist yet (safe to run at every start). */
export async function seedDemoAccounts(deps: SeedDeps): Promise<number> {
  let created = 0;
  for (const account of DEMO_ACCOUNTS) if (await seedDemoAccount(deps, account)) created += 1;
  return created;
}
