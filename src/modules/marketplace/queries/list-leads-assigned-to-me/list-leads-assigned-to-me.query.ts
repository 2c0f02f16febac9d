import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** The leads other agents gave this agent, newest first (at most 500), with who gave each. */
export async function leadsAssignedTo(db: SqlClient, assigneeId: string) {
  const { rows } = await db.query(
    `SELECT a.lead_id AS "leadId", l.first_name AS "firstName", l.last_name AS "lastName", l.phone, l.email, l.state, l.zip, l.source, l.tier,
            u.email AS "ownerEmail", a.how, a.assigned_at AS "assignedAt"
       FROM lead_assignments a JOIN rm_leads l ON l.lead_id = a.lead_id JOIN user_directory u ON u.id = a.owner_id
      WHERE a.assignee_id = $1 ORDER BY a.assigned_at DESC LIMIT 500`,
    [assigneeId],
  );
  return rows;
}
