import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { campusIdColumn, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * One push subscription per browser and device (docs/product/push-and-app.md, decision 041):
 * where its push service accepts messages and the keys that encrypt them. An endpoint belongs to
 * one browser profile: subscribing it again (another member signed in there) moves it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** 'Chrome on Android', from the browser that subscribed. */
    label: text('label').notNull().default(''),
    /** Push per kind of notification on this device: a kind set to false is off (none: all on). */
    kinds: jsonb('kinds').$type<Record<string, boolean>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.campusId),
  ],
);

/**
 * Which members have a tab open (an SSE stream), per app instance (decision 041): a push is sent
 * only to members with none. Each instance writes its row when a member's first stream opens
 * there, deletes it when the last closes and refreshes `seen_at` of all its rows every
 * heartbeat; the rows of an instance that died stop counting once `seen_at` is old.
 */
export const openStreams = pgTable(
  'open_streams',
  {
    instanceId: text('instance_id').notNull(),
    campusId: campusIdColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.campusId, t.instanceId] }),
    index('open_streams_instance_idx').on(t.instanceId),
  ],
);
