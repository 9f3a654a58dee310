import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { verificationCodes } from '../../db/schema/index.ts';

export type CodeAction = (typeof verificationCodes.$inferInsert)['action'];
export type CodeRow = typeof verificationCodes.$inferSelect;

/** The account's one code for `action`: any earlier one is deleted. */
export async function replaceCode(tx: DbOrTx, code: typeof verificationCodes.$inferInsert): Promise<void> {
  await tx
    .delete(verificationCodes)
    .where(and(eq(verificationCodes.userId, code.userId), eq(verificationCodes.action, code.action)));
  await tx.insert(verificationCodes).values(code);
}

/**
 * The newest unexpired code of the account for this action and address (and campus, when
 * given), locked until the transaction ends: parallel checks of one code take turns.
 */
export async function lockPendingCode(
  tx: DbOrTx,
  key: { userId: string; action: CodeAction; email: string; campusId?: string; now: Date },
): Promise<CodeRow | undefined> {
  const [pending] = await tx
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, key.userId),
        eq(verificationCodes.action, key.action),
        eq(verificationCodes.email, key.email),
        key.campusId === undefined ? undefined : eq(verificationCodes.campusId, key.campusId),
        gt(verificationCodes.expiresAt, key.now),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  return pending;
}

export async function setAttempts(tx: DbOrTx, id: string, attempts: number): Promise<void> {
  await tx.update(verificationCodes).set({ attempts }).where(eq(verificationCodes.id, id));
}

export async function deleteCode(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(verificationCodes).where(eq(verificationCodes.id, id));
}
