import type { SqlClient } from '../../../platform/persistence/sql.js';
import { satHierarchyEntry, userIdByEmail } from '../../identity/contracts/user-directory.js';

/** The id of the SAT leader the user chose (other than themselves), or null: whose team view hears of their progress. */
export async function satLeaderIdOf(db: SqlClient, userId: string): Promise<string | null> {
  const entry = await satHierarchyEntry(db, { userId });
  if (!entry?.satLeaderEmail) return null;
  const leaderId = await userIdByEmail(db, entry.satLeaderEmail);
  return leaderId === userId ? null : leaderId;
}
