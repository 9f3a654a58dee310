import { NO_LISTING_FILTERS } from '@campus/contract';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { statementText } from '../../db/named-statements.ts';
import { listedByIds, listTopLevel } from './posts.repo.ts';

/**
 * A kept feed page (feed-pages.ts, decision 025) is used only while its campus's feed version has
 * not moved, so every column a card shows must move it when it changes: a feed-version trigger
 * (migration 0012) on UPDATE of that column, and on INSERT and DELETE of the rows that make up a
 * list (posts and their media). The columns are read from the text of the card statements
 * themselves and the triggers from the catalog, so a column added to the card, or a trigger
 * narrowed, without the other fails here.
 */
const { db } = await createTestApp();
const client = new pg.Client({ connectionString: String(db.$client.options.connectionString) });
await client.connect();
afterAll(() => client.end());

/** Read fresh for every request with the session (decision 025), never kept with a page. */
const VIEWER_STATE_TABLES = new Set(['blocks', 'post_likes', 'feed_versions']);
/** Tables whose rows are the list's rows: adding or removing one changes a page. */
const LIST_TABLES = new Set(['posts', 'post_media']);

type Reads = Map<string, Set<string>>;

/** Every `alias.column` a statement reads, by table (aliases from its FROM and JOIN clauses). */
function columnsRead(text: string): Reads {
  const tableOf = new Map<string, string>();
  for (const [, table, alias] of text.matchAll(/\b(?:FROM|JOIN)\s+(\w+)\s+(?:AS\s+)?(\w+)\b/gi)) {
    tableOf.set(alias as string, table as string);
  }
  const reads: Reads = new Map();
  for (const [, alias, column] of text.matchAll(/\b([a-z]\w*)\.([a-z_]+)\b/g)) {
    const table = tableOf.get(alias as string);
    if (!table || VIEWER_STATE_TABLES.has(table)) continue;
    reads.set(table, (reads.get(table) ?? new Set()).add(column as string));
  }
  return reads;
}

interface FeedTrigger {
  table: string;
  onInsert: boolean;
  onDelete: boolean;
  /** Columns whose UPDATE moves the version; '*' for every column. */
  onUpdate: Set<string>;
}

/** The feed-version triggers, as the catalog has them. */
async function feedTriggers(runner: pg.Client): Promise<FeedTrigger[]> {
  const { rows } = await runner.query<{ table: string; type: number; columns: string[]; def: string }>(
    `SELECT t.tgrelid::regclass::text AS table, t.tgtype AS type, pg_get_triggerdef(t.oid) AS def,
        ARRAY(SELECT a.attname FROM pg_attribute a
          WHERE a.attrelid = t.tgrelid AND a.attnum = ANY(t.tgattr))::text[] AS columns
      FROM pg_trigger t JOIN pg_proc f ON f.oid = t.tgfoid
      WHERE NOT t.tgisinternal AND f.proname LIKE 'feed_changed%'`,
  );
  // tgtype bits (pg_trigger.h): 4 INSERT, 8 DELETE, 16 UPDATE.
  return rows.map((r) => {
    const onUpdate = new Set<string>();
    if (r.type & 16) {
      const when = /WHEN \((.*)\) EXECUTE/s.exec(r.def)?.[1];
      // The WHEN of a column-wise trigger compares OLD and NEW of each column it watches.
      const compared = [...(when ?? '').matchAll(/\bold\.(\w+)/gi)].map((m) => m[1] as string);
      if (r.columns.length > 0) for (const c of r.columns) onUpdate.add(c);
      else if (!when || /old\.\* IS DISTINCT FROM new\.\*/i.test(when)) onUpdate.add('*');
      else for (const c of compared) onUpdate.add(c);
    }
    return { table: r.table, onInsert: (r.type & 4) !== 0, onDelete: (r.type & 8) !== 0, onUpdate };
  });
}

/** What a change of which would not move the version: `table.column (update)`, `table (insert)`… */
function uncovered(reads: Reads, triggers: FeedTrigger[]): string[] {
  const missing: string[] = [];
  for (const [table, columns] of reads) {
    const mine = triggers.filter((t) => t.table === table);
    const updates = new Set(mine.flatMap((t) => [...t.onUpdate]));
    for (const column of columns) {
      // A row's key identifies it: a changed key is another row (its insert and delete).
      if (column !== 'id' && !updates.has('*') && !updates.has(column)) missing.push(`${table}.${column} (update)`);
    }
    if (LIST_TABLES.has(table)) {
      if (!mine.some((t) => t.onInsert)) missing.push(`${table} (insert)`);
      if (!mine.some((t) => t.onDelete)) missing.push(`${table} (delete)`);
    }
  }
  return missing.sort();
}

/** The card statements: a feed page and cards by id (the post page, sponsored posts and search read the same columns). */
async function cardReads(): Promise<Reads> {
  // A filtered, price-sorted page reads every column a filter reads (decision 036).
  const filters = { ...NO_LISTING_FILTERS, sort: 'price_asc', minPrice: 1, maxPrice: 2, conditions: ['good'] } as const;
  await listTopLevel(db, { viewerId: 'v', campusId: '00000000-0000-0000-0000-000000000000', filters, limit: 15 });
  await listedByIds(db, 'v', ['p']);
  const reads: Reads = new Map();
  for (const name of ['feed__aslhc_15', 'cards_by_ids']) {
    const text = statementText(name);
    if (!text) throw new Error(`statement ${name} was not built`);
    for (const [table, columns] of columnsRead(text)) {
      reads.set(table, new Set([...(reads.get(table) ?? []), ...columns]));
    }
  }
  return reads;
}
const reads = await cardReads();

describe('feed versions', () => {
  it('move for every column a card shows (a kept page is never stale)', async () => {
    // The plan names what the card shows: the post, its author and its media.
    expect(reads.get('posts')).toContain('plain_text');
    expect(reads.get('users')).toContain('first_name');
    expect(reads.get('post_media')).toContain('feed_path');
    expect(uncovered(reads, await feedTriggers(client))).toEqual([]);
  });

  it('would fail for a card column no trigger watches', async () => {
    await client.query('BEGIN');
    try {
      // The author trigger without the photo: a changed photo would leave kept pages stale.
      await client.query('DROP TRIGGER users_feed_version ON users');
      await client.query(`CREATE CONSTRAINT TRIGGER users_feed_version AFTER UPDATE ON users
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
        WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.first_name IS DISTINCT FROM NEW.first_name
          OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.verified IS DISTINCT FROM NEW.verified)
        EXECUTE FUNCTION feed_changed_by_author()`);
      await client.query('DROP TRIGGER post_media_feed_version ON post_media');
      expect(uncovered(reads, await feedTriggers(client))).toEqual([
        'post_media (delete)',
        'post_media (insert)',
        'post_media.feed_path (update)',
        'post_media.height (update)',
        'post_media.img_order (update)',
        'post_media.kind (update)',
        'post_media.path (update)',
        'post_media.post_id (update)',
        'post_media.width (update)',
        'users.img (update)',
      ]);
    } finally {
      await client.query('ROLLBACK');
    }
  });
});
