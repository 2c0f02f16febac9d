import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { purchaseRefusalMessage } from '../../domain/purchase-messages.js';
import { leadOrderCharge, ORDER_KINDS, priceOfCount, releaseLeadOrder } from '../../services/lead-orders.js';
import { leadPriceCents } from '../../services/lead-prices.js';
import { PlaceLeadOrder, type LeadOrderAnswer, type LeadOrderInput, type PricedLeadOrder } from './place-lead-order.command.js';

@CommandHandler(PlaceLeadOrder)
export class PlaceLeadOrderHandler implements ICommandHandler<PlaceLeadOrder, LeadOrderAnswer> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input: request, context }: PlaceLeadOrder): Promise<LeadOrderAnswer> {
    const input = 'priceFrom' in request ? await this.pricedFromTable(request, request.priceFrom) : request;
    const order = await this.claim(input);
    try {
      await this.commands.execute(leadOrderCharge({ ...input, ...order }, context));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await releaseLeadOrder(this.pool, input.orderId);
      throw new DomainError('PURCHASE_REFUSED', purchaseRefusalMessage(error), 422, error.details);
    }
    await this.pool.query(`UPDATE aged_orders SET status = 'charged' WHERE order_id = $1 AND status = 'claimed'`, [input.orderId]);
    return { orderId: input.orderId, quantity: order.quantity, priceCents: order.priceCents, perLeadCents: input.perLeadCents };
  }

  private async pricedFromTable(request: LeadOrderInput, { source, tier }: { source: string; tier: string }): Promise<PricedLeadOrder> {
    const each = await leadPriceCents(this.pool, source, tier);
    if (each === null) throw new DomainError('NO_LEAD_PRICE', 'These leads have no price yet: an admin sets it on the Lead Prices page.', 409);
    return { ...request, priceCents: request.quantity * each, perLeadCents: each };
  }

  /** The order's leads, claimed now (or already, when the same order is sent again). */
  private async claim(input: PricedLeadOrder): Promise<{ quantity: number; priceCents: number }> {
    const kind = ORDER_KINDS[input.kind];
    return inTransaction(this.pool, async (tx) => {
      const { rows: existing } = await tx.query<{ owner_id: string; kind: string; quantity: number; price_cents: number }>(
        'SELECT owner_id, kind, quantity, price_cents FROM aged_orders WHERE order_id = $1',
        [input.orderId],
      );
      if (existing[0]) {
        if (existing[0].owner_id !== input.ownerId || existing[0].kind !== input.kind)
          throw new DomainError('ORDER_CONFLICT', 'This order was already placed for another agent.', 409);
        return { quantity: existing[0].quantity, priceCents: existing[0].price_cents };
      }
      const { rows } = await tx.query<{ lead_id: string }>(
        `WITH picked AS (
           SELECT lead_id FROM aged_inventory
            WHERE order_id IS NULL AND kind = $2 AND ($3::text IS NULL OR tier = $3) AND (cardinality($4::text[]) = 0 OR state = ANY($4::text[]))
              AND ($5::text IS NULL OR lower(city) = lower($5))
            ORDER BY added_at, lead_id LIMIT $6 FOR UPDATE SKIP LOCKED)
         UPDATE aged_inventory SET order_id = $1 FROM picked WHERE aged_inventory.lead_id = picked.lead_id RETURNING aged_inventory.lead_id`,
        [input.orderId, input.kind, input.tier, input.states, input.city, input.quantity],
      );
      const quantity = rows.length;
      if (quantity === 0) throw new DomainError(`${kind.code}_NONE_AVAILABLE`, kind.none, 409, { available: 0 });
      if (quantity < input.quantity && !input.acceptPartial) {
        // Rolled back with the transaction: nothing stays claimed until the buyer agrees.
        throw new DomainError(`${kind.code}_PARTIAL`, kind.partial(quantity.toLocaleString('en-US'), input.perLeadCents), 409, {
          available: quantity,
          priceCents: priceOfCount(input, quantity),
          perLeadCents: input.perLeadCents,
        });
      }
      const priceCents = priceOfCount(input, quantity);
      await tx.query(
        `INSERT INTO aged_orders (order_id, owner_id, kind, tier, states, city, campaign, package_quantity, quantity, price_cents, admin_priced, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'claimed')`,
        [
          input.orderId,
          input.ownerId,
          input.kind,
          input.tier,
          JSON.stringify(input.states),
          input.city,
          input.campaign,
          input.quantity,
          quantity,
          priceCents,
          input.adminPriced === true,
        ],
      );
      return { quantity, priceCents };
    });
  }
}
