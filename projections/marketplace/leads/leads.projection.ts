import type { AgedOrderEvent, BusinessOrderEvent, LeadEvent } from '../../../src/modules/marketplace/contracts/lead-events.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection, ReadModelChange } from '../../../src/platform/projections/projection.js';

export const LEADS_TOPIC = 'leads';

/** Every lead received with its status (sold, unsold, duplicate), and each buyer's copy of it (My Leads). */
export const leadsProjection: Projection = {
  name: 'leads',
  eventTypes: [
    'LeadReceived',
    'LeadSold',
    'LeadAllocated',
    'AgedOrderPlaced',
    'BusinessOrderPlaced',
    'LeadReturnRequested',
    'LeadReturnApproved',
    'LeadReturnDenied',
  ],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_leads, rm_owned_leads, rm_lead_returns, rm_campaign_offers');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const changes: ReadModelChange[] = [];
    for (const recorded of events as readonly (RecordedEvent & (LeadEvent | AgedOrderEvent | BusinessOrderEvent))[]) {
      const at = recorded.metadata.occurredAt;
      switch (recorded.type) {
        case 'LeadReceived': {
          const d = recorded.data;
          await tx.query(
            `INSERT INTO rm_leads (lead_id, vendor_id, first_name, last_name, phone, email, state, zip, date_of_birth, age, source, tier, consent_text, consent_at, duplicate_of, status, received_at,
                                   company_name, city, lead_source_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) ON CONFLICT (lead_id) DO NOTHING`,
            [
              ...[
                d.leadId,
                d.vendorId,
                d.firstName,
                d.lastName,
                d.phone,
                d.email,
                d.state,
                d.zip,
                d.dateOfBirth,
                d.age,
                d.source,
                d.tier,
                d.consent.text,
                d.consent.at,
                d.duplicateOf,
              ],
              ...[d.duplicateOf ? 'duplicate' : 'new', at, d.companyName ?? null, d.city ?? null, d.leadSourceId ?? null],
            ],
          );
          break;
        }
        case 'LeadSold': {
          const d = recorded.data;
          await tx.query(
            `INSERT INTO rm_owned_leads (lead_id, owner_id, campaign_id, price_cents, bought_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
            [d.leadId, d.ownerId, d.campaignId, d.priceCents, at],
          );
          await tx.query(`UPDATE rm_leads SET status = 'sold', buyers = buyers + 1 WHERE lead_id = $1`, [d.leadId]);
          await tx.query(
            `INSERT INTO rm_campaign_offers (campaign_id, lead_id, outcome, reason, price_cents, at) VALUES ($1, $2, 'bought', NULL, $3, $4)
             ON CONFLICT (campaign_id, lead_id) DO UPDATE SET outcome = 'bought', reason = NULL, price_cents = $3, at = $4`,
            [d.campaignId, d.leadId, d.priceCents, at],
          );
          changes.push({ userId: d.ownerId, topic: LEADS_TOPIC });
          break;
        }
        case 'LeadAllocated': {
          const d = recorded.data;
          // An aged or business lead may be sold from the inventory before its allocation (to no campaign) is recorded.
          await tx.query(`UPDATE rm_leads SET status = CASE WHEN $2::int > 0 OR status = 'sold' THEN 'sold' ELSE 'unsold' END WHERE lead_id = $1`, [
            d.leadId,
            d.buyers,
          ]);
          if (d.passedOver.length > 0) {
            await tx.query(
              `INSERT INTO rm_campaign_offers (campaign_id, lead_id, outcome, reason, at)
               SELECT campaign_id, $1, 'passed', reason, $4 FROM unnest($2::uuid[], $3::text[]) AS p(campaign_id, reason) ON CONFLICT DO NOTHING`,
              [d.leadId, d.passedOver.map((p) => p.campaignId), d.passedOver.map((p) => p.reason), at],
            );
          }
          break;
        }
        case 'LeadReturnRequested': {
          const d = recorded.data;
          await tx.query(
            `INSERT INTO rm_lead_returns (return_id, lead_id, owner_id, campaign_id, price_cents, reason, comment, status, requested_at, ticket_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $9) ON CONFLICT DO NOTHING`,
            [d.returnId, d.leadId, d.ownerId, d.campaignId, d.priceCents, d.reason, d.comment, at, d.ticketId ?? null],
          );
          changes.push({ userId: d.ownerId, topic: LEADS_TOPIC });
          break;
        }
        case 'LeadReturnApproved':
        case 'LeadReturnDenied': {
          const d = recorded.data;
          const approved = recorded.type === 'LeadReturnApproved';
          await tx.query(`UPDATE rm_lead_returns SET status = $2, deny_reason = $3, reviewer_id = $4, reviewed_at = $5 WHERE return_id = $1`, [
            d.returnId,
            approved ? 'approved' : 'denied',
            approved ? null : (d as { reason: string }).reason,
            d.reviewerId,
            at,
          ]);
          if (approved) await tx.query(`UPDATE rm_leads SET status = 'returned' WHERE lead_id = $1`, [d.leadId]);
          changes.push({ userId: d.ownerId, topic: LEADS_TOPIC });
          break;
        }
        case 'AgedOrderPlaced': {
          const d = recorded.data;
          await tx.query(
            `INSERT INTO rm_owned_leads (lead_id, owner_id, campaign_id, price_cents, bought_at) SELECT unnest($1::uuid[]), $2, NULL, $3, $4 ON CONFLICT DO NOTHING`,
            [d.leadIds, d.ownerId, d.perLeadCents, at],
          );
          await tx.query(`UPDATE rm_leads SET status = 'sold', buyers = buyers + 1 WHERE lead_id = ANY($1::uuid[])`, [d.leadIds]);
          changes.push({ userId: d.ownerId, topic: LEADS_TOPIC });
          break;
        }
        case 'BusinessOrderPlaced': {
          const d = recorded.data;
          await tx.query(
            `INSERT INTO rm_owned_leads (lead_id, owner_id, campaign_id, campaign_name, price_cents, bought_at) SELECT unnest($1::uuid[]), $2, NULL, $3, $4, $5 ON CONFLICT DO NOTHING`,
            [d.leadIds, d.ownerId, d.campaign, d.perLeadCents, at],
          );
          await tx.query(`UPDATE rm_leads SET status = 'sold', buyers = buyers + 1 WHERE lead_id = ANY($1::uuid[])`, [d.leadIds]);
          changes.push({ userId: d.ownerId, topic: LEADS_TOPIC });
          break;
        }
        default:
          break;
      }
    }
    return changes;
  },
};
