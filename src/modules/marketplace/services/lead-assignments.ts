import type { SqlClient } from '../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../platform/realtime/realtime-hub.js';

/** Who works an owner's copy of a lead (null: the owner, nobody else). */
export type Assignment = { readonly leadId: string; readonly assigneeId: string | null };

/** The realtime topic of My Leads (the leads projection's). */
const LEADS_TOPIC = 'leads';

export const assignmentStream = (ownerId: string) => `lead-assignments-${ownerId}`;

/**
 * Locks the owner's copy of the lead; false when they own no such lead. An assignment and the
 * closing of a returned lead both take it, so the two never cross.
 */
export async function lockOwnedLead(tx: SqlClient, leadId: string, ownerId: string): Promise<boolean> {
  const { rowCount } = await tx.query('SELECT 1 FROM rm_owned_leads WHERE lead_id = $1 AND owner_id = $2 FOR UPDATE', [leadId, ownerId]);
  return Boolean(rowCount);
}

/** Tells the owner's and the assignees' open My Leads pages that an assignment changed. */
export function publishAssignments(realtime: RealtimeHub, ownerId: string, others: readonly (string | null)[]): void {
  const users = new Set([ownerId, ...others.filter((id): id is string => id !== null)]);
  realtime.publish([...users].map((userId) => ({ userId, topic: LEADS_TOPIC })));
}
