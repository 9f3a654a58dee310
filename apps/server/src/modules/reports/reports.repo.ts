import type { DbOrTx } from '../../db/client.ts';
import { userReports } from '../../db/schema/index.ts';

/** Stores a report; a second one of the same person by the same reporter is not stored again (the first stands). */
export async function insertReport(
  db: DbOrTx,
  report: {
    id: string;
    campusId: string;
    reporterId: string;
    targetId: string;
    reason: string | null;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insert(userReports)
    .values(report)
    .onConflictDoNothing({ target: [userReports.reporterId, userReports.targetId] });
}
