/**
 * Bench data on one campus (OU), written with plain SQL so 200k rows take seconds (1M well
 * under a minute): top-level posts by the bench member (every fifth with a photo, each with a
 * price and a condition), a post with
 * five comments, thirty saved posts, one post with a word no other has. The posts are kept
 * between runs when their number and author match. Used by bench/hot-paths.ts.
 */
import { CAMPUS_IDS } from '@campus/contract';
import pg from 'pg';

export interface BenchSeed {
  userId: string;
  username: string;
  /** A cursor about 90 % down the feed. */
  deepCursor: string;
  /** A top-level post with five comments. */
  postWithComments: string;
  /** A word of exactly one post (search's rare-word path). */
  rareWord: string;
}

/** The one post that has it (kept in place by an UPDATE each run; search_vector follows). */
const RARE_WORD = 'gramophone';

export async function seedBenchPosts(
  url: string,
  { posts, viewerEmail, log }: { posts: number; viewerEmail: string; log: (line: string) => void },
): Promise<BenchSeed> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const campus = CAMPUS_IDS.ou;
    const viewer = await client.query<{ id: string }>(
      `UPDATE users SET verified = true, school_verified = true, campus_id = $2, profile_set_up = true
       WHERE email = $1 RETURNING id`,
      [viewerEmail, campus],
    );
    const userId = viewer.rows[0]?.id;
    if (!userId) throw new Error(`no user ${viewerEmail}`);
    const username = 'benchviewer';
    await client.query('UPDATE users SET username = $2 WHERE id = $1', [userId, username]);

    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM posts WHERE id LIKE 'bench-%' AND post_commented_on IS NULL`,
    );
    // Seeds from before listings had a condition are made again (the filtered feed row reads it).
    const owner = await client.query(
      `SELECT 1 FROM posts WHERE id = 'bench-0000001' AND user_id = $1 AND condition IS NOT NULL`,
      [userId],
    );
    if (Number(rows[0]?.n) !== posts || owner.rowCount === 0) {
      log(`Generating ${posts.toLocaleString('en-US')} posts (every fifth with a photo)…`);
      // One transaction: the secondary indexes of posts are dropped, the rows written with one
      // INSERT … SELECT generate_series each, and the indexes built again from their own
      // definitions (a build is far faster than growing a GIN and six btrees row by row). DDL is
      // transactional, so a run killed midway leaves the indexes as they were.
      await client.query('BEGIN');
      await client.query(`SET LOCAL maintenance_work_mem = '256MB'`);
      await client.query('SET LOCAL synchronous_commit = off');
      await client.query('SET LOCAL statement_timeout = 0');
      // The feed-version triggers (migration 0012) are deferred to the commit; pending events
      // would forbid rebuilding the indexes below, so this transaction runs them per statement.
      await client.query('SET CONSTRAINTS ALL IMMEDIATE');
      const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
         JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = to_regnamespace(i.schemaname)
         WHERE i.schemaname = current_schema() AND i.tablename = 'posts'
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = c.oid)`,
      );
      // Old rows go first, while the indexes that find their comments (cascades) still exist.
      await client.query(`DELETE FROM posts WHERE id LIKE 'bench-%'`);
      for (const index of indexes) await client.query(`DROP INDEX "${index.indexname.replaceAll('"', '')}"`);
      // Timestamps collide on purpose (many per second) to exercise the id tie-break.
      await client.query(
        `INSERT INTO posts (id, campus_id, user_id, type, plain_text, category, price_cents, condition, img_count,
           created_at, last_modified)
         SELECT 'bench-' || lpad(g::text, 7, '0'), $1, $2, 'post',
                'Item number ' || g || ' in good condition, pick up on campus',
                (ARRAY['furniture','textbooks','tickets','electronics','bikes & scooters'])[1 + g % 5],
                (g % 300) * 100, (ARRAY['new','like new','good','fair','for parts'])[1 + g % 7 % 5],
                CASE WHEN g % 5 = 0 THEN 1 ELSE 0 END,
                now() - (g || ' seconds')::interval / 3, now() - (g || ' seconds')::interval / 3
         FROM generate_series(1, $3::int) AS g`,
        [campus, userId, posts],
      );
      await client.query(
        `INSERT INTO post_media (id, post_id, kind, path, feed_path, name, img_order, width, height, bytes)
         SELECT 'bench-m' || lpad(g::text, 7, '0'), 'bench-' || lpad(g::text, 7, '0'), 'image',
                'posts/bench-' || g || '/0/full.webp', 'posts/bench-' || g || '/0/feed.webp', 'photo.jpg', 0, 1200, 900, 100000
         FROM generate_series(5, $1::int, 5) AS g`,
        [posts],
      );
      await client.query(
        `INSERT INTO posts (id, campus_id, user_id, type, plain_text, post_commented_on, root_id, created_at, last_modified)
         SELECT 'bench-c' || g, $1, $2, 'post', 'A comment number ' || g, 'bench-0000070', 'bench-0000070', now(), now()
         FROM generate_series(1, 5) AS g`,
        [campus, userId],
      );
      for (const index of indexes) await client.query(index.indexdef);
      await client.query('COMMIT');
      await client.query(`UPDATE posts SET comments_count = 5 WHERE id = 'bench-0000070'`);
    }
    await client.query(`UPDATE posts SET plain_text = $2 WHERE id = $1 AND plain_text <> $2`, [
      'bench-0000500',
      `A ${RARE_WORD} in good condition, pick up on campus`,
    ]);
    // The member saved thirty of them.
    await client.query(`UPDATE users SET total_posts = $2 WHERE id = $1`, [userId, posts]);
    await client.query(
      `INSERT INTO post_likes (post_id, user_id)
       SELECT 'bench-' || lpad(g::text, 7, '0'), $1 FROM generate_series(1000, 30000, 1000) AS g
       ON CONFLICT DO NOTHING`,
      [userId],
    );
    await client.query('ANALYZE');

    const deep = await client.query<{ last_modified: Date; id: string }>(
      `SELECT last_modified, id FROM posts WHERE campus_id = $1 AND post_commented_on IS NULL
       ORDER BY last_modified DESC, id DESC OFFSET $2 LIMIT 1`,
      [campus, Math.floor(posts * 0.9)],
    );
    const row = deep.rows[0];
    if (!row) throw new Error('no deep row');
    const deepCursor = Buffer.from(`${new Date(row.last_modified).toISOString()}|${row.id}`).toString('base64url');
    return { userId, username, deepCursor, postWithComments: 'bench-0000070', rareWord: RARE_WORD };
  } finally {
    await client.end();
  }
}
