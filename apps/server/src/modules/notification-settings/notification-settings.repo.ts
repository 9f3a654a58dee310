import { NOTIFICATION_KINDS, type NotificationKind } from '@campus/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationSettings, users } from '../../db/schema/index.ts';

export interface StoredSettings {
  emailNotifications: boolean;
  emailOff: NotificationKind[];
  pushPreviews: boolean;
}

const knownKinds = (values: string[]): NotificationKind[] => NOTIFICATION_KINDS.filter((k) => values.includes(k));

/** A member's settings (the defaults where no row was written); undefined: no such user. */
export async function findSettings(db: DbOrTx, userId: string): Promise<StoredSettings | undefined> {
  const [row] = await db
    .select({
      emailNotifications: users.emailNotifications,
      emailOff: notificationSettings.emailOff,
      pushPreviews: notificationSettings.pushPreviews,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  return {
    emailNotifications: row.emailNotifications,
    emailOff: knownKinds(row.emailOff ?? []),
    pushPreviews: row.pushPreviews ?? true,
  };
}

/** Of these members, those who turned lock-screen previews off (no row: previews on). */
export async function usersWithPreviewsOff(db: DbOrTx, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(and(inArray(notificationSettings.userId, userIds), eq(notificationSettings.pushPreviews, false)));
  return rows.map((r) => r.userId);
}

/** Sets the master email switch (the user record's `email_notifications`). */
export async function setEmailNotifications(db: DbOrTx, userId: string, on: boolean): Promise<void> {
  await db.update(users).set({ emailNotifications: on }).where(eq(users.id, userId));
}

/** Writes the per-kind email flags and the previews flag (one row per member, made on first change). */
export async function upsertSettings(
  db: DbOrTx,
  userId: string,
  values: { emailOff: NotificationKind[]; pushPreviews: boolean },
  at: Date,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, emailOff: values.emailOff, pushPreviews: values.pushPreviews, updatedAt: at })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { emailOff: values.emailOff, pushPreviews: values.pushPreviews, updatedAt: at },
    });
}

/**
 * Turns one kind's email off (the unsubscribe link) in one statement, leaving every other
 * setting as it is; false when the member no longer exists.
 */
export async function turnEmailOff(db: DbOrTx, userId: string, kind: NotificationKind, at: Date): Promise<boolean> {
  const result = await db.execute(sql`
    INSERT INTO ${notificationSettings} (user_id, email_off, updated_at)
    SELECT u.id, ARRAY[${kind}]::text[], ${at.toISOString()}::timestamptz FROM ${users} u WHERE u.id = ${userId}
    ON CONFLICT (user_id) DO UPDATE SET
      email_off = CASE WHEN ${kind} = ANY(${notificationSettings}.email_off) THEN ${notificationSettings}.email_off
                       ELSE array_append(${notificationSettings}.email_off, ${kind}) END,
      updated_at = excluded.updated_at`);
  return (result.rowCount ?? 0) > 0;
}
