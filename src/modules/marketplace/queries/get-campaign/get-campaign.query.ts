import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** spentCents is what the campaign cost the agent (captures less approved returns); budgetUsedCents what its hold captured, for the budget left. */
export const CAMPAIGN_COLUMNS = `campaign_id AS "campaignId", name, source, tier, status, budget_cents::int AS "budgetCents", (spent_cents - returned_cents)::int AS "spentCents",
  spent_cents::int AS "budgetUsedCents", returned_cents::int AS "returnedCents", lead_count AS "leadCount", targeting, status_reason AS "statusReason", created_at AS "createdAt", updated_at AS "updatedAt"`;

export type CampaignView = Record<string, unknown> & { readonly campaignId: string };

/** One campaign from the campaigns read model, with its owner; null when it is not there (yet). */
export async function campaignWithOwner(db: SqlClient, campaignId: string): Promise<(CampaignView & { readonly ownerId: string }) | null> {
  const { rows } = await db.query<CampaignView & { ownerId: string }>(
    `SELECT ${CAMPAIGN_COLUMNS}, owner_id AS "ownerId" FROM rm_campaigns WHERE campaign_id = $1`,
    [campaignId],
  );
  return rows[0] ?? null;
}
