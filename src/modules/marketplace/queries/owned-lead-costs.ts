/**
 * The agent's bought leads (rm_owned_leads' columns) with cost_cents, what each cost them: its
 * price less what an approved return credited back (its whole price), so a returned lead cost
 * nothing. The same rule as the campaigns read model's spent_cents less returned_cents; every
 * spend and cost-per-lead figure reads leads through this, never price_cents alone.
 */
export const OWNED_LEAD_COSTS = `(SELECT o.*, o.price_cents - coalesce(r.price_cents, 0) AS cost_cents
    FROM rm_owned_leads o LEFT JOIN rm_lead_returns r ON r.lead_id = o.lead_id AND r.owner_id = o.owner_id AND r.status = 'approved')`;
