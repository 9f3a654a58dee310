import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { campusById } from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { Auth } from '../modules/auth/index.ts';
import { stageFiles } from '../modules/media/index.ts';
import { countPostsBy, createPost, type PostUpload, toggleLike } from '../modules/posts/index.ts';
import { findUsersByEmail } from '../modules/users/index.ts';
import type { SessionUser } from '../plugins/session.ts';
import type { StorageDriver } from '../plugins/storage.ts';
import { DEMO_LISTINGS, listingPhotoFile } from './demo-listings.ts';
import { DEMO_ACCOUNTS, DEMO_FEED_SPAN_MS, DEMO_PHOTOS_DIR } from './demo-people.ts';

export interface DemoContentDeps {
  db: Database;
  auth: Auth;
  storage: StorageDriver;
  log: FastifyBaseLogger;
}

/**
 * About 55 posts on OU and UT with photos, categories, prices, comments, replies and saves,
 * written through the posts module like real posts. Runs once: skipped when the demo posts are
 * there already. Needs the demo accounts (seedDemoAccounts) first.
 */
export async function seedDemoContent(deps: DemoContentDeps): Promise<number> {
  const { db, storage, log } = deps;
  const accounts = DEMO_ACCOUNTS.filter((a) => a.campus);
  const rows = await findUsersByEmail(
    db,
    accounts.map((a) => a.email),
  );
  const byEmail = new Map(rows.map((u) => [u.email, u]));
  const existing = await countPostsBy(
    db,
    rows.map((u) => u.id),
  );
  if (existing > 0) return 0;

  const session = (email: string): SessionUser => {
    const user = byEmail.get(email);
    if (!user) throw new Error(`demo account ${email} missing`);
    return { id: user.id, email, verified: true, schoolVerified: true, campusId: user.campusId };
  };
  const all = DEMO_LISTINGS;
  // Spread over the last two weeks, oldest first, so the feed reads like a real one; the
  // students joined (their 'new user' posts, seedDemoAccounts) an hour before the first.
  const start = Date.now() - DEMO_FEED_SPAN_MS;
  const step = DEMO_FEED_SPAN_MS / all.length;
  let created = 0;
  for (const [i, item] of all.entries()) {
    const campus = campusById(item.campusId);
    if (!campus) continue;
    let t = start + i * step;
    // Each write (the post, then its comments and replies) happens 7 minutes after the last.
    const clock: Clock = {
      now: () => {
        t += 7 * 60 * 1000;
        return new Date(t);
      },
    };
    const postDeps = { db, storage, clock, log };
    const photos: { bytes: Buffer; originalName: string }[] = [];
    for (const n of (item.photos ?? []).keys()) {
      const bytes = await readFile(path.join(DEMO_PHOTOS_DIR, listingPhotoFile(item, n)));
      // Named as a phone names them.
      photos.push({ bytes, originalName: `IMG_${4100 + i * 7 + n}.webp` });
    }
    const staged = await stageFiles(photos);
    const post = await createPost(postDeps, session(item.by), campus, {
      body: {
        plainText: item.text,
        category: (item.category ?? null) as PostUpload['body']['category'],
        priceCents: item.price === undefined ? null : item.price * 100,
        condition: item.condition ?? null,
        parentId: null,
      },
      ...staged,
    });
    for (const comment of item.comments ?? []) {
      const c = await createPost(postDeps, session(comment.by), campus, {
        body: { plainText: comment.text, category: null, priceCents: null, condition: null, parentId: post.id },
        files: [],
        dispose: async () => {},
      });
      for (const reply of comment.replies ?? []) {
        await createPost(postDeps, session(reply.by), campus, {
          body: { plainText: reply.text, category: null, priceCents: null, condition: null, parentId: c.id },
          files: [],
          dispose: async () => {},
        });
      }
    }
    for (const fan of item.savedBy ?? []) await toggleLike(postDeps, session(fan), campus, post.id);
    created += 1;
  }
  return created;
}
