import { CAMPUS_IDS } from '@campus/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { campusModerators, memberSuspensions, users } from '../src/db/schema/index.ts';
import type { Clock } from '../src/lib/clock.ts';
import { TestBrowser, unverifiedUser, verifiedUser } from './auth.ts';
import { member } from './posts.ts';

/** Signs an existing account in on another campus's site (e.g. a UT member visiting OU). */
export async function signInOn(app: FastifyInstance, email: string, host: string, password = 'secret123') {
  const browser = new TestBrowser(app, host);
  const res = await browser.post('/api/auth/sign-in/email', { email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return browser;
}

/**
 * Every kind of caller of a campus route, on the OU site: a visitor, an account with an
 * unverified email, a verified account that joined no campus, a UT member visiting OU, an OU
 * member (another member) and the OU member who owns the thing under test.
 */
export async function roles(app: FastifyInstance, db: Database, ownerName = 'Olive Owner') {
  const host = 'ou.localhost:3000';
  const owner = await member(app, db, 'ou', ownerName);
  const other = await member(app, db, 'ou', 'Otto Other');
  const ut = await member(app, db, 'ut', 'Uma Longhorn');
  const utEmail = (await db.query.users.findFirst({ where: eq(users.id, ut.user.id) }))?.email ?? '';
  return {
    anonymous: new TestBrowser(app, host),
    unverified: (await unverifiedUser(app, db, { host })).browser,
    noCampus: (await verifiedUser(app, db, { host, name: 'Nora Nocampus' })).browser,
    otherCampus: await signInOn(app, utEmail, host),
    otherCampusUser: ut.user,
    other: other.browser,
    otherUser: other.user,
    owner: owner.browser,
    ownerUser: owner.user,
  };
}

/**
 * The two callers `roles` leaves out, on the OU site: a moderator of another campus (UT's,
 * granted as the moderators command grants) signed in on OU's site, and an OU member whose
 * suspension (docs/product/moderation.md#suspension) runs a day past the clock's now.
 */
export async function moderationRoles(app: FastifyInstance, db: Database, clock: Clock) {
  const host = 'ou.localhost:3000';
  const utMod = await member(app, db, 'ut', 'Uma Utmod');
  await db.insert(campusModerators).values({ userId: utMod.user.id, campusId: CAMPUS_IDS.ut, grantedBy: 'test' });
  const utModEmail = (await db.query.users.findFirst({ where: eq(users.id, utMod.user.id) }))?.email ?? '';
  const suspended = await member(app, db, 'ou', 'Sid Suspended');
  const now = clock.now();
  await db.insert(memberSuspensions).values({
    id: `s-${suspended.user.id}`,
    campusId: CAMPUS_IDS.ou,
    userId: suspended.user.id,
    reason: 'test',
    startsAt: now,
    endsAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    createdBy: 'test',
  });
  return {
    otherCampusModerator: await signInOn(app, utModEmail, host),
    otherCampusModeratorUser: utMod.user,
    /** Signed in before the suspension began: its session is refused from now on. */
    suspended: suspended.browser,
    suspendedUser: suspended.user,
  };
}

/** The username of a user row, fresh from the database. */
export async function usernameOf(db: Database, id: string): Promise<string> {
  const row = await db.query.users.findFirst({ where: eq(users.id, id), columns: { username: true } });
  if (!row) throw new Error('user missing');
  return row.username;
}
