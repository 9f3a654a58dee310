import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campusIdColumn, ts } from './columns.ts';
import { posts } from './posts.ts';
import { users } from './users.ts';

export interface AdTargeting {
  locations: string[];
  interests: string[];
  school_years: string[];
}

/**
 * A boosted post (docs/product/boosting.md#ad-record). Money in integer cents; `time_paused_ms` is the accumulated
 * pause. At most one ad per post is active, paused, scheduled or in review (a unique partial
 * index), so a second boost cannot slip in between a check and an insert.
 */
export const ads = pgTable(
  'ads',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    ctaType: text('cta_type').notNull().$type<'website' | 'message' | 'profile'>(),
    ctaUrl: text('cta_url').notNull().default(''),
    ctaLabel: text('cta_label').notNull().default(''),
    targeting: jsonb('targeting')
      .notNull()
      .$type<AdTargeting>()
      .default(sql`'{"locations":[],"interests":[],"school_years":[]}'::jsonb`),
    durationMinutes: integer('duration_minutes').notNull(),
    amountBudgeted: integer('amount_budgeted').notNull(),
    totalSpent: integer('total_spent').notNull().default(0),
    runUntilPause: boolean('run_until_pause').notNull().default(false),
    startTime: ts('start_time'),
    endTimeAdjusted: ts('end_time_adjusted'),
    pausedAt: ts('paused_at'),
    timePausedMs: bigint('time_paused_ms', { mode: 'number' }).notNull().default(0),
    status: text('status').notNull(),
    lastChargedAt: ts('last_charged_at'),
    paymentId: text('payment_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastModified: ts('last_modified').notNull().defaultNow(),
  },
  (t) => [
    check(
      'ads_status_check',
      sql`${t.status} IN ('checkout', 'in review', 'scheduled', 'active', 'paused', 'stopped', 'rejected', 'completed')`,
    ),
    check('ads_cta_type_check', sql`${t.ctaType} IN ('website', 'message', 'profile')`),
    check(
      'ads_money_check',
      sql`${t.amountBudgeted} > 0 AND ${t.totalSpent} >= 0 AND ${t.totalSpent} <= ${t.amountBudgeted}`,
    ),
    check('ads_title_check', sql`char_length(${t.title}) <= 50`),
    index('ads_owner_idx').on(t.campusId, t.userId, t.createdAt, t.id),
    index('ads_post_idx').on(t.postId, t.createdAt),
    index('ads_feed_idx').on(t.campusId, t.endTimeAdjusted, t.createdAt).where(sql`${t.status} = 'active'`),
    index('ads_running_idx').on(t.endTimeAdjusted).where(sql`${t.status} = 'active'`),
    uniqueIndex('ads_one_boost_per_post_idx')
      .on(t.postId)
      .where(sql`${t.status} IN ('active', 'paused', 'scheduled', 'in review')`),
  ],
);

/**
 * A checkout session (docs/product/boosting.md#checkout-session): one per boost attempt, with the provider that serves it. The
 * amount is fixed here when the session is made, from the days (never from the browser).
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    adId: text('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    postId: text('post_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().$type<'local' | 'stripe'>(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status').notNull().default('open').$type<'open' | 'complete' | 'expired'>(),
    url: text('url').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    check('checkout_sessions_status_check', sql`${t.status} IN ('open', 'complete', 'expired')`),
    check('checkout_sessions_provider_check', sql`${t.provider} IN ('local', 'stripe')`),
    index('checkout_sessions_ad_idx').on(t.adId),
  ],
);

/**
 * The money ledger: every payment, budget reservation and returned budget is a row keyed by a
 * unique event id (the provider's event id for payments), so a duplicate delivery is a no-op and
 * available funds are a sum, never a number edited in place (decision 018).
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adId: text('ad_id'),
    kind: text('kind').notNull().$type<'payment' | 'ad_budget' | 'unspent_budget'>(),
    amountCents: integer('amount_cents').notNull(),
    eventId: text('event_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('payment_ledger_kind_check', sql`${t.kind} IN ('payment', 'ad_budget', 'unspent_budget')`),
    uniqueIndex('payment_ledger_event_idx').on(t.eventId),
    index('payment_ledger_user_idx').on(t.userId, t.campusId),
  ],
);

/**
 * Post analytics counters (docs/product/boosting.md#post-analytics), one row per ad of the post (docs/decisions/030-feed-ads-and-rough-edges.md: a new ad starts at
 * 0), in their own row so tracking never touches the busy posts row.
 */
export const postAnalytics = pgTable('post_analytics', {
  adId: text('ad_id')
    .primaryKey()
    .references(() => ads.id, { onDelete: 'cascade' }),
  postId: text('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
  campusId: campusIdColumn(),
  views: integer('views').notNull().default(0),
  accountsReached: integer('accounts_reached').notNull().default(0),
  directMessages: integer('direct_messages').notNull().default(0),
  copiedLink: integer('copied_link').notNull().default(0),
  externalLinkClicks: integer('external_link_clicks').notNull().default(0),
  profileVisits: integer('profile_visits').notNull().default(0),
});

/** One tracked action per ad, action, person (account or hashed address) and day: reloads do not count twice. */
export const postAnalyticsActions = pgTable(
  'post_analytics_actions',
  {
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    campusId: campusIdColumn(),
    action: text('action').notNull(),
    actorKey: text('actor_key').notNull(),
    day: date('day').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'post_analytics_actions_pk', columns: [t.adId, t.action, t.actorKey, t.day] })],
);

/** The distinct accounts that saw a post while one ad ran ('accounts reached' of that ad). */
export const postReach = pgTable(
  'post_reach',
  {
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campusId: campusIdColumn(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'post_reach_pk', columns: [t.adId, t.userId] })],
);

/** The owner's one-time post-page alert (docs/product/boosting.md#one-time-alerts). */
export const postAlerts = pgTable(
  'post_alerts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    campusId: campusIdColumn(),
    flag: text('flag').notNull().$type<'already_boosted' | 'cancelled_ad' | 'actived_ad'>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'post_alerts_pk', columns: [t.userId, t.postId] }),
    check('post_alerts_flag_check', sql`${t.flag} IN ('already_boosted', 'cancelled_ad', 'actived_ad')`),
  ],
);
