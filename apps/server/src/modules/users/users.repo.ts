import { eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { bannedEmails, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

export async function userById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The accounts holding these emails (citext: case is ignored), in no particular order. */
export async function usersByEmail(db: DbOrTx, emails: string[]): Promise<UserRow[]> {
  if (emails.length === 0) return [];
  return db.select().from(users).where(inArray(users.email, emails));
}

/** The id of the account holding this username (citext: case is ignored). */
export async function userIdByUsername(db: DbOrTx, username: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row?.id;
}

/** Writes the account's own columns (and its last-modified time); undefined when it is gone. */
export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ lastModified: new Date(), ...values })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** An address no one may take: held by another account, or banned. */
export async function emailUnavailable(db: DbOrTx, email: string, ownId: string): Promise<boolean> {
  const [row] = await db
    .select({
      taken: sql<boolean>`EXISTS (SELECT 1 FROM ${users} WHERE ${users.email} = ${email} AND ${users.id} <> ${ownId})
        OR EXISTS (SELECT 1 FROM ${bannedEmails} WHERE ${bannedEmails.email} = ${email})`,
    })
    .from(sql`(SELECT 1) AS one`);
  return row?.taken === true;
}

// A profile is set up once it has both a picture and a bio (docs/product/profiles.md#profile-rules); each update keeps
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

/** No picture: the profile is no longer set up (it needs both, docs/product/profiles.md#profile-rules). */
export async function clearImage(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ img: null, profileSetUp: false, lastModified: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
