import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** A user as posts, chats, ads and notifications show them: name, handle, photo and verified mark. */
export const userSummaryColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  img: users.img,
  verified: users.verified,
};

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: Database, id: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.id, id) });
}

// A profile is set up once it has both a picture and a bio (spec 2 §5); each update keeps
// the flag true to that rule in the same statement.

export async function updateBio(db: Database, id: string, bio: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ bio, profileSetUp: sql`(${users.img} IS NOT NULL AND ${bio} <> '')`, lastModified: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function updateImage(db: Database, id: string, img: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ img, profileSetUp: sql`(coalesce(${users.bio}, '') <> '')`, lastModified: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** No picture: the profile is no longer set up (it needs both, spec 2 §5). */
export async function clearImage(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ img: null, profileSetUp: false, lastModified: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
