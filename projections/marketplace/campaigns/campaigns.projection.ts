import type { CampaignEvent } from '../../../src/modules/marketplace/contracts/campaign-events.js';
import type { LeadEvent } from '../../../src/modules/marketplace/contracts/lead-events.js';
import type { WalletEvent } from '../../../src/modules/wallet/contracts/wallet-events.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';

export const CAMPAIGNS_TOPIC = 'campaigns';

const CAMPAIGN_TYPES = [
  'CampaignCreated',
  'CampaignFunded',
  'CampaignFundingFailed',
  'CampaignPaused',
  'CampaignResumed',
  'CampaignSettingsChanged',
  'BudgetRaised',
  'BudgetRaiseRefused',
  'BudgetLowered',
  'CampaignEnded',
] as const;

type Stored = RecordedEvent &
  (CampaignEvent | Extract<WalletEvent, { type: 'HoldCaptured' }> | Extract<LeadEvent, { type: 'LeadReturnRequested' | 'LeadReturnApproved' }>);

/**
 * Each agent's campaigns (the /campaigns list): status, budget, and what the campaign spent,
 * from the captures of its hold on the owner's wallet (a hold's id is its campaign's id), less
 * the price of each lead whose return was approved (returned_cents; the hold's captures stay
 * what the budget used, since a return credits the wallet, not the hold).
 */
export const campaignsProjection: Projection = {
  name: 'campaigns',
  eventTypes: [...CAMPAIGN_TYPES, 'HoldCaptured', 'LeadReturnRequested', 'LeadReturnApproved'],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_campaigns, rm_campaign_returns');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events as readonly Stored[]) {
      const at = recorded.metadata.occurredAt;
      const owner = await applyOne(recorded, at, tx);
      if (owner) changes.push({ userId: owner, topic: CAMPAIGNS_TOPIC });
    }
    return changes;
  },
};

/** The owner whose list changed, or null when the event was not a campaign's. */
async function applyOne(event: Stored, at: string, tx: SqlClient): Promise<string | null> {
  const update = async (sql: string, params: unknown[]) => {
    const { rows } = await tx.query<{ owner_id: string }>(`UPDATE rm_campaigns SET ${sql}, updated_at = $2 WHERE campaign_id = $1 RETURNING owner_id`, params);
    return rows[0]?.owner_id ?? null;
  };
  switch (event.type) {
    case 'CampaignCreated': {
      const d = event.data;
      await tx.query(
        `INSERT INTO rm_campaigns (campaign_id, owner_id, name, source, tier, status, budget_cents, targeting, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'funding', $6, $7, $8, $8) ON CONFLICT (campaign_id) DO NOTHING`,
        [d.campaignId, d.ownerId, d.name, d.source, d.tier, d.budgetCents, JSON.stringify(d.targeting), at],
      );
      return d.ownerId;
    }
    case 'CampaignFunded':
      return update(`status = 'active'`, [event.data.campaignId, at]);
    case 'CampaignFundingFailed':
      return update(`status = 'unfunded', status_reason = $3`, [event.data.campaignId, at, event.data.reason]);
    case 'CampaignPaused':
      return update(`status = 'paused'`, [event.data.campaignId, at]);
    case 'CampaignResumed':
      return update(`status = 'active'`, [event.data.campaignId, at]);
    case 'CampaignSettingsChanged':
      return update(`name = $3, targeting = $4`, [event.data.campaignId, at, event.data.name, JSON.stringify(event.data.targeting)]);
    case 'BudgetRaised':
      return update(`budget_cents = budget_cents + $3, status_reason = NULL`, [event.data.campaignId, at, event.data.amountCents]);
    case 'BudgetRaiseRefused':
      // The owner asked and was told "requested": the refusal is said where the campaign is shown.
      return update(`status_reason = $3`, [
        event.data.campaignId,
        at,
        `The budget raise of ${dollars(event.data.amountCents)} was refused: ${event.data.reason}`,
      ]);
    case 'BudgetLowered':
      return update(`budget_cents = budget_cents - $3`, [event.data.campaignId, at, event.data.amountCents]);
    case 'CampaignEnded':
      return update(`status = 'ended', status_reason = $3`, [event.data.campaignId, at, event.data.reason]);
    case 'HoldCaptured': {
      if (!isUuid(event.data.holdId)) return null;
      return update(`spent_cents = spent_cents + $3, lead_count = lead_count + 1, last_bought_at = $2`, [event.data.holdId, at, event.data.amountCents]);
    }
    case 'LeadReturnRequested':
      // Only a campaign's leads count (an aged or business lead has no campaign).
      if (!event.data.campaignId || !isUuid(event.data.campaignId)) return null;
      await tx.query('INSERT INTO rm_campaign_returns (return_id, campaign_id) VALUES ($1, $2) ON CONFLICT (return_id) DO NOTHING', [
        event.data.returnId,
        event.data.campaignId,
      ]);
      return null;
    case 'LeadReturnApproved': {
      // Once per return, however often the approval is seen.
      const { rows } = await tx.query<{ campaign_id: string }>(
        'UPDATE rm_campaign_returns SET approved = true WHERE return_id = $1 AND NOT approved RETURNING campaign_id::text AS campaign_id',
        [event.data.returnId],
      );
      if (!rows[0]) return null;
      return update(`returned_cents = returned_cents + $3`, [rows[0].campaign_id, at, event.data.priceCents]);
    }
    default:
      return null;
  }
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
