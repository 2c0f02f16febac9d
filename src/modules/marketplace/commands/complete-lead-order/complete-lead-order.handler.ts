import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { deterministicEventId } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { newEvent } from '../../../../platform/event-store/new-event.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { agedOrderStream, businessOrderStream } from '../../contracts/lead-events.js';
import { CompleteLeadOrder } from './complete-lead-order.command.js';

type OrderRow = {
  owner_id: string;
  kind: 'aged' | 'business';
  tier: string | null;
  states: string[];
  city: string | null;
  campaign: string | null;
  price_cents: number;
};

/**
 * Once the wallet has charged an order, the order's claimed leads become the agent's
 * (AgedOrderPlaced or BusinessOrderPlaced, which My Leads follows). Keyed by the charge, so a
 * repeated job records the order once; a charge that is not an order's is not this step's.
 */
@CommandHandler(CompleteLeadOrder)
export class CompleteLeadOrderHandler implements ICommandHandler<CompleteLeadOrder, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input, context, idempotencyKey }: CompleteLeadOrder): Promise<void> {
    const { kind, id: orderId } = input.cause;
    if (kind !== 'aged-package' && kind !== 'business-leads') return;
    const { rows: orders } = await this.pool.query<OrderRow & { lead_ids: string[] }>(
      `SELECT o.owner_id, o.kind, o.tier, o.states, o.city, o.campaign, o.price_cents,
              coalesce((SELECT array_agg(i.lead_id ORDER BY i.added_at, i.lead_id) FROM aged_inventory i WHERE i.order_id = o.order_id), '{}') AS lead_ids
         FROM aged_orders o WHERE o.order_id = $1`,
      [orderId],
    );
    const order = orders[0];
    if (!order) throw new Error(`Order ${orderId} was charged but is not recorded`);
    const leadIds = order.lead_ids;
    const perLeadCents = Math.round(order.price_cents / Math.max(1, leadIds.length));
    const [streamId, placed] =
      order.kind === 'business'
        ? [
            businessOrderStream(orderId),
            newEvent(
              'BusinessOrderPlaced',
              {
                orderId,
                ownerId: order.owner_id,
                campaign: order.campaign ?? '',
                state: order.states[0] ?? null,
                city: order.city,
                leadIds,
                priceCents: order.price_cents,
                perLeadCents,
              },
              context,
              deterministicEventId(businessOrderStream(orderId), idempotencyKey, 0),
            ),
          ]
        : [
            agedOrderStream(orderId),
            newEvent(
              'AgedOrderPlaced',
              { orderId, ownerId: order.owner_id, tier: order.tier ?? '', leadIds, priceCents: order.price_cents, perLeadCents },
              context,
              deterministicEventId(agedOrderStream(orderId), idempotencyKey, 0),
            ),
          ];
    // Appended once: a repeat finds its own event id already stored.
    await this.store.append(streamId, [placed], { expectedVersion: 'any' });
    await this.pool.query(`UPDATE aged_orders SET status = 'placed' WHERE order_id = $1`, [orderId]);
  }
}
