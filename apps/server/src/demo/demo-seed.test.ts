import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { CAMPUS_IDS } from '@campus/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { postMedia, posts, users } from '../db/schema/index.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoContent } from './demo-content.ts';
import { DEMO_LISTINGS, listingPhotoFile } from './demo-listings.ts';
import { avatarFile, DEMO_ACCOUNTS, DEMO_PHOTOS_DIR } from './demo-people.ts';

describe('demo pictures', () => {
  it('has every listing photo and profile picture the seeds read, photo-sized, and nothing else', async () => {
    const wanted = [
      ...DEMO_LISTINGS.flatMap((listing) => (listing.photos ?? []).map((_, n) => listingPhotoFile(listing, n))),
      ...DEMO_ACCOUNTS.map(avatarFile),
    ];
    expect(new Set(wanted).size).toBe(wanted.length);
    expect((await readdir(DEMO_PHOTOS_DIR)).sort()).toEqual([...wanted].sort());
    for (const file of wanted) {
      const { width = 0, height = 0, format } = await sharp(path.join(DEMO_PHOTOS_DIR, file)).metadata();
      expect(format, file).toBe('webp');
      expect(Math.max(width, height), file).toBeGreaterThanOrEqual(file.startsWith('avatar-') ? 400 : 1000);
    }
  });

  it('gives most listings photos, many of them from several angles', () => {
    const withPhotos = DEMO_LISTINGS.filter((l) => (l.photos?.length ?? 0) > 0);
    expect(withPhotos.length).toBeGreaterThanOrEqual(35);
    expect(withPhotos.filter((l) => (l.photos?.length ?? 0) > 1).length).toBeGreaterThanOrEqual(18);
  });
});

describe('demo seeds', () => {
  it('create every demo account with its picture, counted, then the posts through the posts module', async () => {
    const { app, db } = await createTestApp();
    const deps = { db, auth: app.auth, storage: app.storage };
    expect(await seedDemoAccounts(deps)).toBe(DEMO_ACCOUNTS.length);
    expect(DEMO_ACCOUNTS).toHaveLength(11);
    expect(await seedDemoAccounts(deps)).toBe(0); // safe at every start
    const rows = await db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    expect(rows).toHaveLength(11);
    for (const account of DEMO_ACCOUNTS) {
      const row = rows.find((r) => r.email === account.email);
      expect(row, account.email).toMatchObject({
        verified: !account.unclaimed,
        bio: account.bio ?? null,
        schoolVerified: Boolean(account.campus),
        schoolEmail: account.campus?.schoolEmail ?? null,
        campusId: account.campus?.id ?? null,
        profileSetUp: Boolean(account.bio),
      });
      expect(row?.img, account.email).toBeTruthy();
    }
    // The students who joined (not the unclaimed account, not the one without a school) are
    // announced by a 'new user' post, two weeks and an hour back.
    const joinedPosts = await db
      .select({ userId: posts.userId, campusId: posts.campusId, createdAt: posts.createdAt })
      .from(posts)
      .where(eq(posts.type, 'new user'));
    const joiners = DEMO_ACCOUNTS.filter((a) => a.campus && !a.unclaimed);
    expect(joinedPosts.map((p) => rows.find((r) => r.id === p.userId)?.email).sort()).toEqual(
      joiners.map((a) => a.email).sort(),
    );
    const hour = 60 * 60 * 1000;
    for (const post of joinedPosts) {
      expect(Date.now() - post.createdAt.getTime()).toBeGreaterThan(14 * 24 * hour + hour - 60_000);
      expect(Date.now() - post.createdAt.getTime()).toBeLessThan(14 * 24 * hour + 2 * hour);
    }

    expect(await seedDemoContent({ ...deps, log: app.log })).toBe(DEMO_LISTINGS.length);
    expect(await seedDemoContent({ ...deps, log: app.log })).toBe(0);
    const [photos] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(postMedia)
      .innerJoin(posts, eq(posts.id, postMedia.postId))
      .where(isNull(posts.rootId));
    expect(photos?.n).toBe(DEMO_LISTINGS.reduce((sum, l) => sum + (l.photos?.length ?? 0), 0));
    const [onUt] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .where(and(eq(posts.campusId, CAMPUS_IDS.ut), eq(posts.type, 'post'), isNull(posts.rootId)));
    expect(onUt?.n).toBe(DEMO_LISTINGS.filter((l) => l.campusId === CAMPUS_IDS.ut).length);
    // Every listing comes after the students joined.
    const [first] = await db
      .select({ at: sql<Date>`min(${posts.createdAt})` })
      .from(posts)
      .where(eq(posts.type, 'post'));
    const joinedAt = Math.max(...joinedPosts.map((p) => p.createdAt.getTime()));
    expect(new Date(first?.at ?? 0).getTime()).toBeGreaterThan(joinedAt);
  }, 180_000);
});
