import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { chats } from './chats.ts';
import { campusIdColumn, ts } from './columns.ts';
import { posts } from './posts.ts';
import { users } from './users.ts';

/**
 * An offer on a listing (docs/product/selling.md#offers), made in the chat of the buyer and the
 * seller and shown there as an offer card (a message carries its id, `messages.offer_id`). A
 * counter is a new row from the other side; the one it answers becomes 'countered'. 'open' rows
 * past `expires_at` read 'Expired' and are settled to 'expired' before a new offer is stored
 * (docs/decisions/035-deals-and-offers.md).
 */
export const offers = pgTable(
  'offers',
  {
    id: text('id').primaryKey(),
    campusId: campusIdColumn(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    chatId: text('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who made it: the buyer, or the seller for a counter. */
    fromUserId: text('from_user_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['open', 'accepted', 'declined', 'countered', 'expired', 'withdrawn'] })
      .notNull()
      .default('open'),
    expiresAt: ts('expires_at').notNull(),
    answeredAt: ts('answered_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('offers_amount_range', sql`${t.amountCents} > 0 AND ${t.amountCents} <= 100000000`),
    check(
      'offers_status_known',
      sql`${t.status} IN ('open', 'accepted', 'declined', 'countered', 'expired', 'withdrawn')`,
    ),
    check('offers_two_sides', sql`${t.buyerId} <> ${t.sellerId} AND ${t.fromUserId} IN (${t.buyerId}, ${t.sellerId})`),
    // One open offer per buyer per listing (a counter replaces the one it answers).
    uniqueIndex('offers_one_open_idx').on(t.postId, t.buyerId).where(sql`${t.status} = 'open'`),
    // A chat's offer cards.
    index('offers_chat_idx').on(t.chatId, t.createdAt),
    // The buyer candidates' latest offers on a listing.
    index('offers_post_idx').on(t.postId, t.buyerId),
  ],
);
