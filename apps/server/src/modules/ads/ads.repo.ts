import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  ads,
  checkoutSessions,
  paymentLedger,
  postAlerts,
  postAnalytics,
  postAnalyticsActions,
  postReach,
  posts,
  userSummaryColumns,
  users,
} from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';

export type AdRow = typeof ads.$inferSelect;
export type CheckoutRow = typeof checkoutSessions.$inferSelect;

export type OwnerRow = {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  img: string | null;
  verified: boolean;
};

/** Statuses that hold the post: no second boost while one of these exists. */
const BLOCKING = sql`${ads.status} IN ('active', 'paused', 'scheduled', 'in review')`;

export async function insertAd(db: DbOrTx, row: typeof ads.$inferInsert): Promise<AdRow> {
  const [inserted] = await db.insert(ads).values(row).returning();
  if (!inserted) throw new Error('ad insert returned nothing');
  return inserted;
}

export async function findAd(db: DbOrTx, id: string, options: { lock?: boolean } = {}): Promise<AdRow | undefined> {
  const query = db.select().from(ads).where(eq(ads.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findAdWithOwner(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ ad: ads, owner: userSummaryColumns })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .where(eq(ads.id, id));
  return row;
}

export async function blockingAdOf(db: DbOrTx, postId: string): Promise<AdRow | undefined> {
  const [row] = await db
    .select()
    .from(ads)
    .where(and(eq(ads.postId, postId), BLOCKING));
  return row;
}

/** The post's latest ad (the post page's owner controls). */
export async function latestAdOf(db: DbOrTx, postId: string): Promise<AdRow | undefined> {
  const [row] = await db
    .select()
    .from(ads)
    .where(eq(ads.postId, postId))
    .orderBy(sql`${BLOCKING} DESC`, desc(ads.createdAt))
    .limit(1);
  return row;
}

export async function listOwnAds(
  db: DbOrTx,
  options: { userId: string; campusId: string; cursor?: Cursor; limit: number },
) {
  const before: SQL | undefined = options.cursor
    ? sql`(${ads.createdAt}, ${ads.id}) < (${options.cursor.at.toISOString()}::timestamptz, ${options.cursor.id})`
    : undefined;
  return db
    .select({ ad: ads, owner: userSummaryColumns })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .where(and(eq(ads.campusId, options.campusId), eq(ads.userId, options.userId), before))
    .orderBy(desc(ads.createdAt), desc(ads.id))
    .limit(options.limit);
}

export async function updateAd(db: DbOrTx, id: string, values: Partial<typeof ads.$inferInsert>): Promise<AdRow> {
  const [row] = await db.update(ads).set(values).where(eq(ads.id, id)).returning();
  if (!row) throw new Error('ad update returned nothing');
  return row;
}

export async function deleteUnpaidAd(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(ads)
    .where(and(eq(ads.id, id), eq(ads.status, 'checkout')))
    .returning({ id: ads.id });
  return rows.length > 0;
}

/** The running-ads lookup as a prepared statement, built once per database handle. */
const buildFeedAds = (db: DbOrTx) =>
  db
    .select()
    .from(ads)
    .where(
      and(
        eq(ads.campusId, sql.placeholder('campusId')),
        eq(ads.status, 'active'),
        sql`${ads.endTimeAdjusted} > ${sql.placeholder('now')}::timestamptz`,
      ),
    )
    .orderBy(asc(ads.endTimeAdjusted), desc(ads.createdAt))
    .limit(sql.placeholder('limit'))
    .prepare('ads_feed');
const feedAdsByDb = new WeakMap<DbOrTx, ReturnType<typeof buildFeedAds>>();

/**
 * Active, unexpired ads of a campus in feed order (docs/product/boosting.md#sponsored-posts-in-the-feed), on
 * the partial index `ads_feed_idx`. Read on every feed page, so it is prepared: the request
 * binds values and runs (a transaction builds its own copy).
 */
export async function activeAdsForFeed(db: DbOrTx, campusId: string, now: Date, limit: number): Promise<AdRow[]> {
  let query = feedAdsByDb.get(db);
  if (!query) {
    query = buildFeedAds(db);
    feedAdsByDb.set(db, query);
  }
  return query.execute({ campusId, now: now.toISOString(), limit });
}

/** The post's running ad (at most one: ads_one_boost_per_post_idx), which the post's analytics count for. */
export async function activeAdOnPost(db: DbOrTx, postId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.postId, postId), eq(ads.status, 'active'), sql`${ads.endTimeAdjusted} > ${now.toISOString()}`))
    .limit(1);
  return row?.id;
}

// Checkout sessions

export async function insertCheckout(db: DbOrTx, row: typeof checkoutSessions.$inferInsert): Promise<CheckoutRow> {
  const [inserted] = await db.insert(checkoutSessions).values(row).returning();
  if (!inserted) throw new Error('checkout insert returned nothing');
  return inserted;
}

/**
 * Locks the post's row until the transaction ends: whatever changes which of its ads run (a
 * payment activating one, the post's deletion settling them) goes one at a time, post first.
 * `NO KEY UPDATE` leaves comments and other rows that reference the post free to be written.
 */
export async function lockPost(db: DbOrTx, postId: string): Promise<void> {
  await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('no key update');
}

export async function findCheckout(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateCheckout(db: DbOrTx, id: string, values: Partial<typeof checkoutSessions.$inferInsert>) {
  await db.update(checkoutSessions).set(values).where(eq(checkoutSessions.id, id));
}

// Ledger

/** Adds a ledger row unless its event id is already there; true when added. */
export async function addLedgerRow(db: DbOrTx, row: typeof paymentLedger.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(paymentLedger)
    .values(row)
    .onConflictDoNothing({ target: paymentLedger.eventId })
    .returning({ id: paymentLedger.id });
  return rows.length > 0;
}

export async function availableFunds(db: DbOrTx, userId: string, campusId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`COALESCE(SUM(${paymentLedger.amountCents}), 0)` })
    .from(paymentLedger)
    .where(and(eq(paymentLedger.userId, userId), eq(paymentLedger.campusId, campusId)));
  return Number(row?.total ?? 0);
}

// Alerts

export async function setAlert(db: DbOrTx, row: typeof postAlerts.$inferInsert) {
  await db
    .insert(postAlerts)
    .values(row)
    .onConflictDoUpdate({
      target: [postAlerts.userId, postAlerts.postId],
      set: { flag: row.flag, createdAt: sql`now()` },
    });
}

export async function takeAlert(db: DbOrTx, userId: string, postId: string) {
  const [row] = await db
    .delete(postAlerts)
    .where(and(eq(postAlerts.userId, userId), eq(postAlerts.postId, postId)))
    .returning({ flag: postAlerts.flag });
  return row?.flag ?? null;
}

// Analytics

/** The counter each tracked action raises (docs/product/boosting.md#post-analytics). */
const COUNTER_KEYS = {
  view: 'views',
  direct_message: 'directMessages',
  copied_link: 'copiedLink',
  external_link_click: 'externalLinkClicks',
  profile_visit: 'profileVisits',
} as const;
export type CounterAction = keyof typeof COUNTER_KEYS;

/** Records one action of one person on one day for one ad; true the first time (then the counter goes up). */
export async function recordAction(
  db: DbOrTx,
  row: { adId: string; postId: string; campusId: string; action: CounterAction; actorKey: string; day: string },
): Promise<boolean> {
  const inserted = await db
    .insert(postAnalyticsActions)
    .values(row)
    .onConflictDoNothing()
    .returning({ adId: postAnalyticsActions.adId });
  return inserted.length > 0;
}

export async function recordReach(db: DbOrTx, row: { adId: string; postId: string; userId: string; campusId: string }) {
  const inserted = await db.insert(postReach).values(row).onConflictDoNothing().returning({ adId: postReach.adId });
  return inserted.length > 0;
}

/** Raises the ad's counters by one (the row is made on the first action). */
export async function bumpCounters(
  db: DbOrTx,
  counted: { adId: string; postId: string; campusId: string },
  bump: { action?: CounterAction; reach?: boolean },
) {
  const keys: Array<
    'views' | 'directMessages' | 'copiedLink' | 'externalLinkClicks' | 'profileVisits' | 'accountsReached'
  > = [];
  if (bump.action) keys.push(COUNTER_KEYS[bump.action]);
  if (bump.reach) keys.push('accountsReached');
  if (keys.length === 0) return;
  const initial: Partial<typeof postAnalytics.$inferInsert> = {};
  const set: Partial<Record<(typeof keys)[number], SQL>> = {};
  for (const key of keys) {
    initial[key] = 1;
    set[key] = sql`${postAnalytics[key]} + 1`;
  }
  await db
    .insert(postAnalytics)
    .values({ ...counted, ...initial })
    .onConflictDoUpdate({ target: postAnalytics.adId, set });
}

/** The counters of one ad (none yet: no row). */
export async function analyticsOf(db: DbOrTx, adId: string) {
  const [row] = await db.select().from(postAnalytics).where(eq(postAnalytics.adId, adId));
  return row;
}

// Lifecycle (the ad clock)

/**
 * Accrues spend on running ads at $5 a day of running time (runtime = now − start − paused),
 * capped at the budget, and completes those whose adjusted end has come: each exactly once,
 * because only rows still 'active' are touched. Returns the completed ads.
 */
export async function runAdClock(db: DbOrTx, now: Date, centsPerDay: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const spentSql = sql`LEAST(${ads.amountBudgeted}, GREATEST(${ads.totalSpent}, FLOOR(
      GREATEST(0, EXTRACT(EPOCH FROM (${at} - ${ads.startTime})) * 1000 - ${ads.timePausedMs}) * ${centsPerDay} / 86400000.0
    )::integer))`;
  const completed = await db
    .update(ads)
    .set({ status: 'completed', totalSpent: sql`${ads.amountBudgeted}`, lastChargedAt: now, lastModified: now })
    .where(and(eq(ads.status, 'active'), sql`${ads.endTimeAdjusted} <= ${at}`))
    .returning({ id: ads.id, userId: ads.userId, postId: ads.postId, campusId: ads.campusId });
  const charged = await db
    .update(ads)
    .set({ totalSpent: spentSql, lastChargedAt: now })
    .where(and(eq(ads.status, 'active'), sql`${ads.startTime} IS NOT NULL`))
    .returning({ id: ads.id });
  return { completed, charged: charged.length };
}

/** Spend of one ad at `now` (pause, stop): the same rule as the clock. */
export function spentAt(ad: AdRow, now: Date, centsPerDay: number): number {
  if (!ad.startTime) return ad.totalSpent;
  const pausedNow = ad.pausedAt ? Math.max(0, now.getTime() - ad.pausedAt.getTime()) : 0;
  const runtime = Math.max(0, now.getTime() - ad.startTime.getTime() - ad.timePausedMs - pausedNow);
  const accrued = Math.floor((runtime * centsPerDay) / 86_400_000);
  return Math.min(ad.amountBudgeted, Math.max(ad.totalSpent, accrued));
}

export async function adsOfPost(db: DbOrTx, postId: string): Promise<AdRow[]> {
  return db.select().from(ads).where(eq(ads.postId, postId)).for('update');
}

/**
 * Local test checkouts left open longer than Stripe keeps a session (24 h) end the way Stripe's
 * do: the session expires and its unpaid ad is deleted. Returns the ads removed.
 */
export async function expireStaleLocalCheckouts(db: DbOrTx, openedBefore: Date, now: Date) {
  const expired = await db
    .update(checkoutSessions)
    .set({ status: 'expired', completedAt: now })
    .where(
      and(
        eq(checkoutSessions.provider, 'local'),
        eq(checkoutSessions.status, 'open'),
        sql`${checkoutSessions.createdAt} < ${openedBefore.toISOString()}`,
      ),
    )
    .returning({ adId: checkoutSessions.adId });
  const adIds = expired.flatMap((e) => (e.adId ? [e.adId] : []));
  if (adIds.length === 0) return 0;
  const removed = await db
    .delete(ads)
    .where(and(inArray(ads.id, adIds), eq(ads.status, 'checkout')))
    .returning({ id: ads.id });
  return removed.length;
}
