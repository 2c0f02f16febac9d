import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import { newEvent } from '../../../../platform/event-store/new-event.js';
import { stepFrom } from '../../../../platform/processes/process-step.js';
import { deterministicEventId } from '../../../../platform/event-store/command-handling.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import type { WalletEvent } from '../../../wallet/contracts/wallet-events.js';
import { agedOrderStream } from '../../contracts/lead-events.js';

export type WalletChargedEvent = JsonEvent & Extract<WalletEvent, { type: 'WalletCharged' }>;

/** The last step of an aged order, started from the wallet's stored charge. */
export class CompleteAgedOrder extends Command<void> {
  constructor(readonly charged: WalletChargedEvent) {
    super();
  }
}

/**
 * Once the wallet has charged an aged order, the order's claimed leads become the agent's
 * (AgedOrderPlaced, which My Leads follows). Keyed by the charge, so a repeated job records
 * the order once; a charge that is not an aged order's is not this step's.
 */
@CommandHandler(CompleteAgedOrder)
export class CompleteAgedOrderHandler implements ICommandHandler<CompleteAgedOrder, void> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ charged }: CompleteAgedOrder): Promise<void> {
    if (charged.data.cause.kind !== 'aged-package') return;
    const orderId = charged.data.cause.id;
    const { rows: orders } = await this.pool.query<{ owner_id: string; tier: string; quantity: number; price_cents: number }>(
      'SELECT owner_id, tier, quantity, price_cents FROM aged_orders WHERE order_id = $1',
      [orderId],
    );
    const order = orders[0];
    if (!order) throw new Error(`Aged order ${orderId} was charged but is not recorded`);
    const { rows: leads } = await this.pool.query<{ lead_id: string }>('SELECT lead_id FROM aged_inventory WHERE order_id = $1 ORDER BY added_at, lead_id', [orderId]);
    const step = stepFrom(charged);
    const streamId = agedOrderStream(orderId);
    const placed = newEvent(
      'AgedOrderPlaced',
      { orderId, ownerId: order.owner_id, tier: order.tier, leadIds: leads.map((lead) => lead.lead_id), priceCents: order.price_cents, perLeadCents: Math.round(order.price_cents / Math.max(1, leads.length)) },
      step.context,
      deterministicEventId(streamId, step.idempotencyKey, 0),
    );
    // Appended once: a repeat finds its own event id already stored.
    await this.store.append(streamId, [placed], { expectedVersion: 'any' });
    await this.pool.query(`UPDATE aged_orders SET status = 'placed' WHERE order_id = $1`, [orderId]);
  }
}
