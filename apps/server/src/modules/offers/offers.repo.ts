import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { offers, posts } from '../../db/schema/index.ts';

export type OfferRow = typeof offers.$inferSelect;

/** An offer with what its card shows of the listing. */
export interface OfferWithListing {
  offer: OfferRow;
  listing: { plainText: string; priceCents: number | null; status: 'available' | 'pending' | 'sold' };
}

const withListing = {
  offer: offers,
  listing: { plainText: posts.plainText, priceCents: posts.priceCents, status: posts.status },
};

export async function insertOffer(tx: DbOrTx, values: typeof offers.$inferInsert): Promise<OfferRow> {
  const [row] = await tx.insert(offers).values(values).returning();
  return row as OfferRow;
}

/** An offer locked for its answer. */
export async function lockOffer(tx: DbOrTx, id: string): Promise<OfferRow | undefined> {
  const [row] = await tx.select().from(offers).where(eq(offers.id, id)).for('update');
  return row;
}

export async function findOfferWithListing(db: DbOrTx, id: string): Promise<OfferWithListing | undefined> {
  const [row] = await db
    .select(withListing)
    .from(offers)
    .innerJoin(posts, eq(posts.id, offers.postId))
    .where(eq(offers.id, id));
  return row;
}

export async function answerOffer(
  tx: DbOrTx,
  id: string,
  status: 'accepted' | 'declined' | 'countered' | 'withdrawn',
  at: Date,
) {
  await tx.update(offers).set({ status, answeredAt: at }).where(eq(offers.id, id));
}

/**
 * Open offers of this buyer on this listing whose 48 hours have passed become 'expired', so the
 * one-open-offer index makes room for a new one (docs/decisions/035-deals-and-offers.md).
 */
export async function settleExpired(tx: DbOrTx, postId: string, buyerId: string, now: Date) {
  await tx
    .update(offers)
    .set({ status: 'expired' })
    .where(
      and(
        eq(offers.postId, postId),
        eq(offers.buyerId, buyerId),
        eq(offers.status, 'open'),
        lte(offers.expiresAt, now),
      ),
    );
}

/** The buyer's open offer on the listing that has not expired yet, if any. */
export async function liveOpenOffer(db: DbOrTx, postId: string, buyerId: string, now: Date) {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(
        eq(offers.postId, postId),
        eq(offers.buyerId, buyerId),
        eq(offers.status, 'open'),
        sql`${offers.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    );
  return row;
}

/** A chat's offers, newest first (a chat holds few: one open per buyer and listing). */
export async function offersOfChat(db: DbOrTx, chatId: string, limit: number): Promise<OfferWithListing[]> {
  return db
    .select(withListing)
    .from(offers)
    .innerJoin(posts, eq(posts.id, offers.postId))
    .where(eq(offers.chatId, chatId))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(limit);
}

/** The latest amount each of `buyerIds` offered or was countered on the listing. */
export async function latestAmounts(db: DbOrTx, postId: string, buyerIds: string[]): Promise<Map<string, number>> {
  if (buyerIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([offers.buyerId], { buyerId: offers.buyerId, amountCents: offers.amountCents })
    .from(offers)
    .where(and(eq(offers.postId, postId), inArray(offers.buyerId, buyerIds)))
    .orderBy(offers.buyerId, desc(offers.createdAt));
  return new Map(rows.map((r) => [r.buyerId, r.amountCents]));
}

/** Everyone who made or received an offer on the listing as its buyer (told when it changes). */
export async function buyersOfferingOn(db: DbOrTx, postId: string): Promise<string[]> {
  const rows = await db.selectDistinct({ buyerId: offers.buyerId }).from(offers).where(eq(offers.postId, postId));
  return rows.map((r) => r.buyerId);
}
