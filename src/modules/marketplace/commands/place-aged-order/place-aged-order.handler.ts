import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ChargeWallet } from '../../../wallet/contracts/wallet-commands.js';
import { TIERS } from '../../contracts/campaign-events.js';
import { packageOf, perLeadCents, priceOfPart } from '../../domain/aged-packages.js';
import { purchaseRefusalMessage } from '../../domain/purchase-messages.js';

export const AGED_PACKAGE_MESSAGE = 'Please select a package for Aged Leads';

export type AgedOrderInput = {
  readonly orderId: string;
  readonly ownerId: string;
  readonly quantity: number;
  readonly tier: string;
  readonly states: readonly string[];
  /** The agent agreed to buy fewer leads than the package when fewer match. */
  readonly acceptPartial: boolean;
};

export type AgedOrderAnswer = { readonly orderId: string; readonly quantity: number; readonly priceCents: number; readonly perLeadCents: number };

/**
 * Buys an aged-lead package, charged at once (issue 10, item 7): the matching leads are
 * claimed for the order in one statement (two orders never get one lead), then the wallet is
 * charged once for the order; a refused charge releases the claim. When fewer leads match than
 * the package holds, nothing is bought unless the agent accepted the smaller order, at the
 * package's price per lead. The leads reach My Leads in a later step, from the stored charge.
 */
export class PlaceAgedOrder extends Command<AgedOrderAnswer> {
  constructor(
    readonly input: AgedOrderInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** The charge of an aged-lead order; the same order always gives the same charge and key, so a second try charges once. */
export const agedOrderCharge = (order: { orderId: string; ownerId: string; tier: string; quantity: number; priceCents: number }, context: CommandContext) =>
  new ChargeWallet({
    userId: order.ownerId,
    chargeId: order.orderId,
    amountCents: order.priceCents,
    cause: { kind: 'aged-package', id: order.orderId },
    description: `Aged leads: ${order.quantity.toLocaleString('en-US')} × ${order.tier}`,
    context,
    idempotencyKey: `aged-order:${order.orderId}`,
  });

/** A refused order gives its leads back to the inventory. */
export const releaseAgedOrder = (pool: pg.Pool, orderId: string) =>
  inTransaction(pool, async (tx) => {
    await tx.query('UPDATE aged_inventory SET order_id = NULL WHERE order_id = $1', [orderId]);
    await tx.query(`DELETE FROM aged_orders WHERE order_id = $1 AND status = 'claimed'`, [orderId]);
  });

@CommandHandler(PlaceAgedOrder)
export class PlaceAgedOrderHandler implements ICommandHandler<PlaceAgedOrder, AgedOrderAnswer> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input, context }: PlaceAgedOrder): Promise<AgedOrderAnswer> {
    const pack = packageOf(input.quantity);
    if (!pack) throw new DomainError('AGED_PACKAGE_REQUIRED', AGED_PACKAGE_MESSAGE, 400);
    if (!TIERS.aged_leads.includes(input.tier)) throw new DomainError('SOURCE_AND_TIER_REQUIRED', 'Please select a source and tier', 400);
    const order = await this.claim(input, pack);
    try {
      await this.commands.execute(agedOrderCharge({ orderId: input.orderId, ownerId: input.ownerId, tier: input.tier, ...order }, context));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await releaseAgedOrder(this.pool, input.orderId);
      throw new DomainError('PURCHASE_REFUSED', purchaseRefusalMessage(error), 422, error.details);
    }
    await this.pool.query(`UPDATE aged_orders SET status = 'charged' WHERE order_id = $1 AND status = 'claimed'`, [input.orderId]);
    return { orderId: input.orderId, quantity: order.quantity, priceCents: order.priceCents, perLeadCents: perLeadCents(pack) };
  }

  /** The order's leads, claimed now (or already, when the same order is sent again). */
  private async claim(input: AgedOrderInput, pack: NonNullable<ReturnType<typeof packageOf>>): Promise<{ quantity: number; priceCents: number }> {
    return inTransaction(this.pool, async (tx) => {
      const { rows: existing } = await tx.query<{ quantity: number; price_cents: number }>('SELECT quantity, price_cents FROM aged_orders WHERE order_id = $1', [input.orderId]);
      if (existing[0]) return { quantity: existing[0].quantity, priceCents: existing[0].price_cents };
      const { rows } = await tx.query<{ lead_id: string }>(
        `WITH picked AS (
           SELECT lead_id FROM aged_inventory
            WHERE order_id IS NULL AND tier = $2 AND (cardinality($3::text[]) = 0 OR state = ANY($3::text[]))
            ORDER BY added_at, lead_id LIMIT $4 FOR UPDATE SKIP LOCKED)
         UPDATE aged_inventory SET order_id = $1 FROM picked WHERE aged_inventory.lead_id = picked.lead_id RETURNING aged_inventory.lead_id`,
        [input.orderId, input.tier, input.states, pack.quantity],
      );
      const quantity = rows.length;
      if (quantity === 0) throw new DomainError('AGED_NONE_AVAILABLE', 'No aged leads match this tier and these states right now.', 409, { available: 0 });
      if (quantity < pack.quantity && !input.acceptPartial) {
        // Rolled back with the transaction: nothing stays claimed until the agent agrees.
        throw new DomainError('AGED_PARTIAL', `Only ${quantity.toLocaleString('en-US')} aged leads match. You can buy them at the package's price per lead.`, 409, {
          available: quantity,
          priceCents: priceOfPart(pack, quantity),
          perLeadCents: perLeadCents(pack),
        });
      }
      const priceCents = priceOfPart(pack, quantity);
      await tx.query(
        `INSERT INTO aged_orders (order_id, owner_id, tier, states, package_quantity, quantity, price_cents, status) VALUES ($1, $2, $3, $4, $5, $6, $7, 'claimed')`,
        [input.orderId, input.ownerId, input.tier, JSON.stringify(input.states), pack.quantity, quantity, priceCents],
      );
      return { quantity, priceCents };
    });
  }
}
