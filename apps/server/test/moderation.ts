import { CAMPUS_IDS, MODERATION_LIMITS } from '@campus/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { campusModerators, memberSuspensions, users } from '../src/db/schema/index.ts';
import { member } from './posts.ts';
import { signInOn } from './profiles.ts';

async function emailOf(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error('user missing');
  return row.email;
}

/**
 * The role matrix's 'moderator of another campus' (docs/product/moderation.md#granting): a UT
 * member who moderates UT, signed in on OU's site, where they are a visitor from elsewhere.
 * `home` is the same person on UT's own site.
 */
export async function moderatorOfAnotherCampus(app: FastifyInstance, db: Database, name = 'Ulma Utmod') {
  const ut = await member(app, db, 'ut', name);
  await db.insert(campusModerators).values({ userId: ut.user.id, campusId: CAMPUS_IDS.ut, grantedBy: 'test' });
  return {
    browser: await signInOn(app, await emailOf(db, ut.user.id), 'ou.localhost:3000'),
    user: ut.user,
    home: ut.browser,
  };
}

/**
 * Suspends a member from `now` for `days` (a moderator's Suspend writes the same row,
 * docs/product/moderation.md#suspension): every request of their sessions is refused with 403
 * ACCOUNT_SUSPENDED until then, on the app clock.
 */
export async function suspendMember(
  db: Database,
  userId: string,
  now: Date,
  { days = 30, slug = 'ou' }: { days?: number; slug?: 'ou' | 'ut' } = {},
): Promise<void> {
  await db.insert(memberSuspensions).values({
    id: `test-suspension-${userId}-${now.getTime()}`,
    campusId: CAMPUS_IDS[slug],
    userId,
    reason: 'Suspended for the test',
    startsAt: now,
    endsAt: new Date(now.getTime() + days * MODERATION_LIMITS.dayMs),
    createdBy: 'test',
  });
}
