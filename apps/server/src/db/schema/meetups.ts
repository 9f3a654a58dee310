import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { chats } from './chats.ts';
import { campusIdColumn, ts } from './columns.ts';
import { users } from './users.ts';

/**
 * A meet-up suggested in a chat (docs/product/safety.md#meet-ups): one of the campus's public
 * spots (an id of the contract's list, MEETUP_SPOTS), a time, and who suggested it to whom. A
 * message names it (`messages.meetup_id`) and is drawn as its card. Suggest another replaces the
 * open one; an accepted one is pinned at the top of the chat until it has passed
 * (docs/decisions/038-meetups-and-scam-warnings.md).
 */
export const meetups = pgTable(
  'meetups',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    fromUserId: text('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: text('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spotId: text('spot_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    status: text('status', { enum: ['open', 'accepted', 'replaced'] })
      .notNull()
      .default('open'),
    answeredAt: ts('answered_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('meetups_status_known', sql`${t.status} IN ('open', 'accepted', 'replaced')`),
    check('meetups_two_sides', sql`${t.fromUserId} <> ${t.toUserId}`),
    check('meetups_spot_id_length', sql`char_length(${t.spotId}) BETWEEN 1 AND 64`),
    // One open suggestion per chat: a new one replaces it (a race of two ends in a 409).
    uniqueIndex('meetups_one_open_idx').on(t.chatId).where(sql`${t.status} = 'open'`),
    // A chat's meet-up cards and its pinned one.
    index('meetups_chat_idx').on(t.chatId, t.createdAt),
  ],
);
