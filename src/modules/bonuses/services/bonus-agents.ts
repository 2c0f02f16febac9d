import type { SqlClient } from '../../../platform/persistence/sql.js';
import type { AgentBonusSettings } from '../contracts/bonus-events.js';
import type { AgentRole, BlueReportTrack } from '../contracts/bonus-inputs.js';

type Row = {
  user_id: string;
  agent_number: string | null;
  commission_role: AgentRole | null;
  program_start_date: string | null;
  blue_report_track: BlueReportTrack;
};

const COLUMNS = `user_id, agent_number, commission_role, to_char(program_start_date, 'YYYY-MM-DD') AS program_start_date, blue_report_track`;

const settingsOf = (row: Row): AgentBonusSettings & { readonly userId: string } => ({
  userId: row.user_id,
  agentNumber: row.agent_number,
  commissionRole: row.commission_role,
  programStartDate: row.program_start_date,
  blueReportTrack: row.blue_report_track,
});

/** One agent's settings, or null when none were ever set. */
export async function agentBonusSettingsOf(db: SqlClient, userId: string): Promise<AgentBonusSettings | null> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM bonus_agents WHERE user_id = $1`, [userId]);
  return rows[0] ? settingsOf(rows[0]) : null;
}

/** Every agent with settings (the Users page, a run's roster). */
export async function allBonusAgents(db: SqlClient): Promise<(AgentBonusSettings & { readonly userId: string })[]> {
  const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM bonus_agents ORDER BY user_id`);
  return rows.map(settingsOf);
}

/** The agents the marketplace service is asked about: those with an agent number. */
export async function numberedAgents(db: SqlClient): Promise<{ readonly userId: string; readonly agentNumber: string }[]> {
  const { rows } = await db.query<{ user_id: string; agent_number: string }>(
    'SELECT user_id, agent_number FROM bonus_agents WHERE agent_number IS NOT NULL ORDER BY user_id',
  );
  return rows.map((row) => ({ userId: row.user_id, agentNumber: row.agent_number }));
}
