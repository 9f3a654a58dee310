import { REVIEW_LIMITS } from '@campus/contract';
import { and, avg, count, desc, eq, inArray, isNull, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { posts, reviews, users } from '../../db/schema/index.ts';
import type { Cursor } from '../../lib/cursor.ts';

export type ReviewRow = typeof reviews.$inferSelect;
type PersonRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'firstName' | 'lastName' | 'img' | 'verified'>;

/** A review with the people on both ends and its listing's text (for the title). */
export interface ReviewWithPeople {
  review: ReviewRow;
  author: PersonRow;
  subject: PersonRow;
  listingText: string;
}

/** A listing as a sale: who sold it, to whom, and when the sale was marked. */
export type SaleRow = Pick<
  typeof posts.$inferSelect,
  'id' | 'campusId' | 'userId' | 'buyerId' | 'status' | 'statusChangedAt' | 'plainText' | 'postCommentedOn'
>;

const saleColumns = {
  id: posts.id,
  campusId: posts.campusId,
  userId: posts.userId,
  buyerId: posts.buyerId,
  status: posts.status,
  statusChangedAt: posts.statusChangedAt,
  plainText: posts.plainText,
  postCommentedOn: posts.postCommentedOn,
};

/** The listing, read under a share lock when `lock` (a review is written against the sale as it stands). */
export async function findSale(db: DbOrTx, postId: string, lock = false): Promise<SaleRow | undefined> {
  const query = db.select(saleColumns).from(posts).where(eq(posts.id, postId));
  const [row] = lock ? await query.for('share') : await query;
  return row;
}

const authors = alias(users, 'review_author');
const subjects = alias(users, 'review_subject');
const person = <T extends typeof authors | typeof subjects>(t: T) => ({
  id: t.id,
  username: t.username,
  firstName: t.firstName,
  lastName: t.lastName,
  img: t.img,
  verified: t.verified,
});
const withPeople = {
  review: reviews,
  author: person(authors),
  subject: person(subjects),
  listingText: posts.plainText,
};

function selectWithPeople(db: DbOrTx) {
  return db
    .select(withPeople)
    .from(reviews)
    .innerJoin(authors, eq(authors.id, reviews.authorId))
    .innerJoin(subjects, eq(subjects.id, reviews.subjectId))
    .innerJoin(posts, eq(posts.id, reviews.postId));
}

/** The two reviews a sale can have (the viewer's and the other side's), with their people. */
export async function reviewsBetween(db: DbOrTx, postId: string, a: string, b: string): Promise<ReviewWithPeople[]> {
  return selectWithPeople(db).where(
    and(eq(reviews.postId, postId), inArray(reviews.authorId, [a, b]), inArray(reviews.subjectId, [a, b])),
  );
}

export async function findReview(db: DbOrTx, id: string): Promise<ReviewWithPeople | undefined> {
  const [row] = await selectWithPeople(db).where(eq(reviews.id, id));
  return row;
}

/** True when the other side of the review's sale has reviewed too. */
export async function counterpartExists(db: DbOrTx, review: ReviewRow): Promise<boolean> {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.postId, review.postId),
        eq(reviews.authorId, review.subjectId),
        eq(reviews.subjectId, review.authorId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertReview(tx: DbOrTx, values: typeof reviews.$inferInsert): Promise<void> {
  await tx.insert(reviews).values(values);
}

/** Stores the one reply; false when there already was one. */
export async function setReply(db: DbOrTx, id: string, text: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ reply: text, repliedAt: at })
    .where(and(eq(reviews.id, id), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  return rows.length === 1;
}

/**
 * Published (docs/product/reviews.md#publication): written 14 days ago or more (app clock), or
 * the other side of its sale reviewed too.
 */
function published(now: Date): SQL {
  const cutoff = new Date(now.getTime() - REVIEW_LIMITS.publishAfterMs);
  return or(
    lte(reviews.createdAt, cutoff),
    sql`EXISTS (SELECT 1 FROM ${reviews} AS other WHERE other.post_id = ${reviews.postId}
      AND other.author_id = ${reviews.subjectId} AND other.subject_id = ${reviews.authorId})`,
  ) as SQL;
}

/** A profile's Reviews tab: published reviews of this person, newest first, keyset (created_at, id). */
export async function listPublished(
  db: DbOrTx,
  options: {
    subjectId: string;
    campusId: string;
    now: Date;
    /** Authors the viewer blocked or was blocked by: left out of the viewer's list. */
    hiddenAuthors: string[];
    cursor?: Cursor;
    limit: number;
  },
): Promise<ReviewWithPeople[]> {
  const after = options.cursor
    ? or(
        lt(reviews.createdAt, options.cursor.at),
        and(eq(reviews.createdAt, options.cursor.at), lt(reviews.id, options.cursor.id)),
      )
    : undefined;
  return selectWithPeople(db)
    .where(
      and(
        eq(reviews.subjectId, options.subjectId),
        eq(reviews.campusId, options.campusId),
        published(options.now),
        // Hidden or removed by moderation (docs/product/moderation.md): out of the list and the rating.
        isNull(reviews.moderation),
        options.hiddenAuthors.length > 0 ? notInArray(reviews.authorId, options.hiddenAuthors) : undefined,
        after,
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(options.limit);
}

/** The header's '4.8 ★ (12)': mean and count of the published reviews of this person. */
export async function ratingOf(
  db: DbOrTx,
  subjectId: string,
  campusId: string,
  now: Date,
): Promise<{ average: number | null; count: number }> {
  const [row] = await db
    .select({ average: avg(reviews.stars), count: count() })
    .from(reviews)
    .where(
      and(eq(reviews.subjectId, subjectId), eq(reviews.campusId, campusId), published(now), isNull(reviews.moderation)),
    );
  return { average: row?.average == null ? null : Number(row.average), count: row?.count ?? 0 };
}

/** First names for a sale's notices. */
export async function firstNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  const rows = await db.select({ id: users.id, firstName: users.firstName }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.firstName]));
}
