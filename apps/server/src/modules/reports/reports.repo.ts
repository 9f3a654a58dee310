import type { DbOrTx } from '../../db/client.ts';
import { userReports } from '../../db/schema/index.ts';

/**
 * Stores a report; a second one of the same person (or of the same review) by the same reporter
 * is not stored again (the first stands). Two partial unique indexes say which is which.
 */
export async function insertReport(
  db: DbOrTx,
  report: {
    id: string;
    campusId: string;
    reporterId: string;
    targetId: string;
    /** The reported review (its author is the target), or absent for a report of the person. */
    reviewId?: string;
    reason: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db.insert(userReports).values(report).onConflictDoNothing();
}
