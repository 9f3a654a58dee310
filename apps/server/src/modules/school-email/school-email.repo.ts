import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bannedEmails, posts, users } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { UserRow } from '../users/index.ts';

/** Whether a school email is banned, and whether another account holds it verified. */
export async function schoolEmailStatus(
  db: DbOrTx,
  email: string,
  userId: string,
): Promise<{ banned: boolean; taken: boolean }> {
  const { rows } = await db.execute<{ banned: boolean; taken: boolean }>(sql`
    SELECT EXISTS (SELECT 1 FROM ${bannedEmails} WHERE ${bannedEmails.email} = ${email}) AS banned,
      EXISTS (
        SELECT 1 FROM ${users}
        WHERE ${users.schoolEmail} = ${email} AND ${users.schoolVerified} AND ${users.id} <> ${userId}
      ) AS taken`);
  return { banned: rows[0]?.banned === true, taken: rows[0]?.taken === true };
}

/**
 * The account joins the campus: school_verified, school_email and campus_id are saved, and a
 * 'new user' post announces the member on the campus's feed (unless `announce` is false).
 */
export async function joinCampus(
  tx: DbOrTx,
  userId: string,
  join: { schoolEmail: string; campusId: string; now: Date; announce?: boolean },
): Promise<UserRow | undefined> {
  const [updated] = await tx
    .update(users)
    .set({ schoolVerified: true, schoolEmail: join.schoolEmail, campusId: join.campusId, lastModified: join.now })
    .where(eq(users.id, userId))
    .returning();
  if (join.announce === false) return updated;
  await tx.insert(posts).values({
    id: newId(),
    campusId: join.campusId,
    userId,
    type: 'new user',
    createdAt: join.now,
    lastModified: join.now,
  });
  return updated;
}
