import type { SqlClient } from '../../../../platform/persistence/sql.js';

/**
 * "Why no leads?": the latest leads of the campaign's kind since it started: bought, passed over
 * with the recorded reason, or never offered (allocation stops at the last buyer): then sold
 * out, or, when nobody bought it, the campaign was not running.
 */
export async function latestOffers(db: SqlClient, campaignId: string, limit: number): Promise<Record<string, unknown>[]> {
  const { rows } = await db.query(
    `SELECT l.lead_id AS "leadId", l.state AS "leadState", l.first_name || ' ' || left(l.last_name, 1) || '.' AS "leadName",
            coalesce(f.outcome, 'passed') AS outcome,
            CASE WHEN f.outcome IS NOT NULL THEN f.reason WHEN l.buyers > 0 THEN 'sold_out' ELSE 'paused' END AS reason,
            f.price_cents AS "priceCents", coalesce(f.at, l.received_at) AS at
       FROM rm_campaigns c
       JOIN rm_leads l ON l.source = c.source AND l.tier = c.tier AND l.received_at >= c.created_at AND l.status <> 'duplicate' AND l.status <> 'new'
       LEFT JOIN rm_campaign_offers f ON f.campaign_id = c.campaign_id AND f.lead_id = l.lead_id
      WHERE c.campaign_id = $1 ORDER BY l.received_at DESC, l.lead_id LIMIT $2`,
    [campaignId, limit],
  );
  return rows;
}
