import { randomUUID } from 'node:crypto';
import type pg from 'pg';

import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import { receivesLeads, type IntegrationRow } from './agent-integrations.js';
import { ArrivalNotReadable, arrivalsOf, type Arrival } from './arrivals.js';
import type { Purchase } from './deliverable-lead.js';
import type { DeliverySender, SendDeliveryJob } from './delivery-sender.js';
import { destinationsOf, routes } from './destinations.js';

/** An arrival of at most this many deliveries sends their first attempts in the planning job itself (one job per lead instead of two). */
const INLINE_FIRST_ATTEMPTS = 8;

/**
 * Planning deliveries: every lead that reaches an agent becomes one delivery per matching
 * integration (unique by lead and integration); the leads an integration turned off misses are held for a replay.
 */
export class DeliveryPlanner {
  constructor(
    private readonly pool: pg.Pool,
    private readonly sender: DeliverySender,
  ) {}

  /**
   * From stored arrival events: one delivery per (lead, matching integration), then their
   * first attempts, all of them in a few statements. Safe to run again. An event whose lead
   * is not readable yet fails the job after the others are planned (its retry plans the rest).
   */
  async plan(events: readonly JsonEvent[]): Promise<number> {
    const results = await arrivalsOf(events, this.pool);
    const arrivals = results.filter((r): r is Arrival => r !== null && !(r instanceof ArrivalNotReadable) && r.leadIds.length > 0);
    const planned = arrivals.length > 0 ? await this.planArrivals(arrivals) : 0;
    const notReadable = results.find((r) => r instanceof ArrivalNotReadable);
    if (notReadable) throw notReadable;
    return planned;
  }

  private async planArrivals(arrivals: readonly Arrival[]): Promise<number> {
    const recipients = [...new Set(arrivals.map((a) => a.recipientId))];
    const { rows: integrations } = await this.pool.query<IntegrationRow>(
      `SELECT integration_id, user_id, provider, settings, is_active, disabled_at, destinations FROM integration_configs WHERE user_id = ANY($1::uuid[]) AND (is_active OR disabled_at IS NOT NULL)`,
      [recipients],
    );
    const planned = new Map<string, { id: string; integrationId: string; leadId: string; status: string; userId: string; purchase: string; inline: boolean }>();
    for (const arrival of arrivals) {
      const targets = integrations.filter(
        (row) => row.user_id === arrival.recipientId && receivesLeads(row) && routes(destinationsOf(row.destinations), arrival),
      );
      const purchase: Purchase = {
        source: arrival.source,
        campaignId: arrival.campaignId,
        campaignName: arrival.campaignName,
        priceCents: arrival.priceCents,
        boughtAt: arrival.boughtAt,
      };
      // A lead or two (a campaign's sale, an assignment) is sent at once, in this job; an order's many leads each get a job.
      const inline = targets.length * arrival.leadIds.length <= INLINE_FIRST_ATTEMPTS;
      for (const target of targets) {
        for (const leadId of arrival.leadIds) {
          const key = `${leadId}|${target.integration_id}`;
          if (planned.has(key)) continue;
          planned.set(key, {
            id: randomUUID(),
            integrationId: target.integration_id,
            leadId,
            status: target.is_active ? 'pending' : 'held',
            userId: arrival.recipientId,
            purchase: JSON.stringify(purchase),
            inline,
          });
        }
      }
    }
    if (planned.size === 0) return 0;
    const rows = [...planned.values()];
    // The new ones, and those an earlier run of this job inserted but did not get to send.
    const { rows: due } = await this.pool.query<{ delivery_id: string; lead_id: string; integration_id: string }>(
      `WITH inserted AS (
         INSERT INTO lead_deliveries (delivery_id, integration_id, user_id, lead_id, purchase, status, last_error)
         SELECT d.id, d.integration_id, d.user_id, d.lead_id, d.purchase::jsonb, d.status, CASE WHEN d.status = 'held' THEN 'Held: the integration was turned off' END
           FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::text[]) AS d(id, integration_id, lead_id, status, user_id, purchase)
         ON CONFLICT (lead_id, integration_id) WHERE NOT is_test DO NOTHING
         RETURNING delivery_id, lead_id, integration_id, status)
       SELECT delivery_id, lead_id, integration_id FROM inserted WHERE status = 'pending'
       UNION
       SELECT delivery_id, lead_id, integration_id FROM lead_deliveries WHERE integration_id = ANY($2::uuid[]) AND lead_id = ANY($3::uuid[]) AND status = 'pending' AND attempts = 0 AND NOT is_test`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.integrationId),
        rows.map((r) => r.leadId),
        rows.map((r) => r.status),
        rows.map((r) => r.userId),
        rows.map((r) => r.purchase),
      ],
    );
    const now: SendDeliveryJob[] = [];
    for (const row of due) {
      const wanted = planned.get(`${row.lead_id}|${row.integration_id}`);
      if (!wanted) continue;
      if (wanted.inline) now.push({ deliveryId: row.delivery_id, attempt: 1, trigger: 'automatic' });
      else await this.sender.enqueueAttempt(row.delivery_id, 1, 'automatic', 0);
    }
    if (now.length > 0) await this.sender.attempts(now);
    for (const userId of new Set(rows.map((r) => r.userId))) this.sender.publish(userId);
    return due.length;
  }
}
