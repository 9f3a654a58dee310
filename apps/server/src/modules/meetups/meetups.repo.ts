import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { meetups } from '../../db/schema/index.ts';

export type MeetupRow = typeof meetups.$inferSelect;

export async function insertMeetup(tx: DbOrTx, values: typeof meetups.$inferInsert): Promise<MeetupRow> {
  const [row] = await tx.insert(meetups).values(values).returning();
  return row as MeetupRow;
}

/** The chat's open suggestion becomes 'replaced' (a new one answers it); its id, if there was one. */
export async function replaceOpenOf(tx: DbOrTx, chatId: string, at: Date): Promise<MeetupRow | undefined> {
  const [row] = await tx
    .update(meetups)
    .set({ status: 'replaced', answeredAt: at })
    .where(and(eq(meetups.chatId, chatId), eq(meetups.status, 'open')))
    .returning();
  return row;
}

/** A meet-up locked for its answer. */
export async function lockMeetup(tx: DbOrTx, id: string): Promise<MeetupRow | undefined> {
  const [row] = await tx.select().from(meetups).where(eq(meetups.id, id)).for('update');
  return row;
}

export async function findMeetup(db: DbOrTx, id: string): Promise<MeetupRow | undefined> {
  const [row] = await db.select().from(meetups).where(eq(meetups.id, id));
  return row;
}

export async function acceptMeetup(tx: DbOrTx, id: string, at: Date) {
  await tx.update(meetups).set({ status: 'accepted', answeredAt: at }).where(eq(meetups.id, id));
}

/** A chat's meet-ups, newest first (its cards). */
export async function meetupsOfChat(db: DbOrTx, chatId: string, limit: number): Promise<MeetupRow[]> {
  return db
    .select()
    .from(meetups)
    .where(eq(meetups.chatId, chatId))
    .orderBy(desc(meetups.createdAt), desc(meetups.id))
    .limit(limit);
}

/** The soonest accepted meet-up of the chat that has not passed (`startsAt` after `since`). */
export async function nextAcceptedOf(db: DbOrTx, chatId: string, since: Date): Promise<MeetupRow | undefined> {
  const [row] = await db
    .select()
    .from(meetups)
    .where(
      and(
        eq(meetups.chatId, chatId),
        eq(meetups.status, 'accepted'),
        sql`${meetups.startsAt} > ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(meetups.startsAt), asc(meetups.id))
    .limit(1);
  return row;
}
