import type { SqlClient } from '../../../../platform/persistence/sql.js';
import { CAMPAIGN_COLUMNS } from '../get-campaign/get-campaign.query.js';

/** An agent's campaigns from the campaigns read model, newest first. */
export async function campaignsOf(db: SqlClient, ownerId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query(`SELECT ${CAMPAIGN_COLUMNS} FROM rm_campaigns WHERE owner_id = $1 ORDER BY created_at DESC, campaign_id`, [ownerId]);
  return rows;
}
