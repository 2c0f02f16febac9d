import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { leadOrderCharge, releaseLeadOrder, type LeadOrderKind } from '../../services/lead-orders.js';
import { SweepAgedOrders, type SweptAgedOrders } from './sweep-aged-orders.command.js';

/** An order still between its claim and its charge this long after it was placed was cut off (a request answers long before). */
export const STALE_AGED_ORDER_SECONDS = 120;
const BATCH = 100;

/**
 * A process stopped after an order claimed its leads and before the wallet answered leaves the
 * order 'claimed' and its leads out of the inventory. The agent asked for the order, so the
 * sweep charges it under the order's own key (a charge that did go through is not taken
 * twice) and the stored charge completes it as usual; a refused charge releases the leads.
 */
@CommandHandler(SweepAgedOrders)
export class SweepAgedOrdersHandler implements ICommandHandler<SweepAgedOrders, SweptAgedOrders> {
  private readonly logger = new Logger('aged-orders');

  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ context }: SweepAgedOrders): Promise<SweptAgedOrders> {
    const { rows } = await this.pool.query<{
      order_id: string;
      owner_id: string;
      kind: LeadOrderKind;
      tier: string | null;
      campaign: string | null;
      quantity: number;
      price_cents: number;
      admin_priced: boolean;
    }>(
      `SELECT order_id, owner_id, kind, tier, campaign, quantity, price_cents, admin_priced FROM aged_orders
        WHERE status = 'claimed' AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
      [STALE_AGED_ORDER_SECONDS, BATCH],
    );
    let charged = 0;
    let released = 0;
    for (const row of rows) {
      const order = {
        orderId: row.order_id,
        ownerId: row.owner_id,
        kind: row.kind,
        tier: row.tier,
        campaign: row.campaign,
        quantity: row.quantity,
        priceCents: row.price_cents,
        adminPriced: row.admin_priced,
      };
      try {
        await this.commands.execute(leadOrderCharge(order, context));
        await this.pool.query(`UPDATE aged_orders SET status = 'charged' WHERE order_id = $1 AND status = 'claimed'`, [order.orderId]);
        charged += 1;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await releaseLeadOrder(this.pool, order.orderId);
        released += 1;
      }
    }
    if (rows.length > 0) this.logger.warn(`Aged-lead orders cut off mid-way: ${charged} charged, ${released} released`);
    return { charged, released };
  }
}
