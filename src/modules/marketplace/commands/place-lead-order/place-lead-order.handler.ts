import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ChargeWallet } from '../../../wallet/contracts/wallet-commands.js';
import { dollarsOf, purchaseRefusalMessage } from '../../domain/purchase-messages.js';

/** What is sold from the inventory by the order: aged leads in packages, business leads by the piece. */
export type LeadOrderKind = 'aged' | 'business';

export type LeadOrderInput = {
  readonly orderId: string;
  readonly ownerId: string;
  readonly kind: LeadOrderKind;
  /** Which leads: of a tier (null: any), in these states (none: any), in a city (null: any, case ignored). */
  readonly tier: string | null;
  readonly states: readonly string[];
  readonly city: string | null;
  /** How many leads were asked for and what they cost together; fewer cost perLeadCents each. */
  readonly quantity: number;
  readonly priceCents: number;
  readonly perLeadCents: number;
  /** A business order's campaign name. */
  readonly campaign: string | null;
  /** The buyer agreed to fewer leads than asked for when fewer match. */
  readonly acceptPartial: boolean;
};

export type LeadOrderAnswer = { readonly orderId: string; readonly quantity: number; readonly priceCents: number; readonly perLeadCents: number };

const KINDS = {
  aged: {
    cause: 'aged-package',
    key: 'aged-order',
    code: 'AGED',
    none: 'No aged leads match this tier and these states right now.',
    partial: (count: string) => `Only ${count} aged leads match. You can buy them at the package's price per lead.`,
    description: (order: ChargedOrder, count: string) => `Aged leads: ${count} × ${order.tier}`,
  },
  business: {
    cause: 'business-leads',
    key: 'business-order',
    code: 'BUSINESS',
    none: 'No business leads match this state and city right now.',
    partial: (count: string, input: LeadOrderInput) => `Only ${count} business leads match. You can buy them at ${dollarsOf(input.perLeadCents)} each.`,
    description: (order: ChargedOrder, count: string) => `Business leads: ${count} for ${order.campaign}`,
  },
} as const;

/** An order's id from what makes it one order (its buyer and the request's key): the same request again is the same order. */
export const orderIdOf = (...parts: readonly string[]) => deterministicUuid('v4-variant-8', ...parts);

/** What a charge is made of: the order's buyer and kind, what it holds, and its price. */
type ChargedOrder = {
  orderId: string;
  ownerId: string;
  kind: LeadOrderKind;
  tier: string | null;
  campaign: string | null;
  quantity: number;
  priceCents: number;
};

/** The charge of an order; the same order always gives the same charge and key, so a second try charges once. */
export const leadOrderCharge = (order: ChargedOrder, context: CommandContext) => {
  const kind = KINDS[order.kind];
  return new ChargeWallet(
    {
      userId: order.ownerId,
      chargeId: order.orderId,
      amountCents: order.priceCents,
      cause: { kind: kind.cause, id: order.orderId },
      description: kind.description(order, order.quantity.toLocaleString('en-US')),
    },
    context,
    `${kind.key}:${order.orderId}`,
  );
};

/** A refused order gives its leads back to the inventory. */
export const releaseLeadOrder = (pool: pg.Pool, orderId: string) =>
  inTransaction(pool, async (tx) => {
    await tx.query('UPDATE aged_inventory SET order_id = NULL WHERE order_id = $1', [orderId]);
    await tx.query(`DELETE FROM aged_orders WHERE order_id = $1 AND status = 'claimed'`, [orderId]);
  });

/** What `count` of the order's leads cost: the order's price when it is whole, else each lead at the per-lead price. */
export const priceOfCount = (input: Pick<LeadOrderInput, 'quantity' | 'priceCents' | 'perLeadCents'>, count: number) =>
  count === input.quantity ? input.priceCents : count * input.perLeadCents;

/**
 * Buys leads from the inventory, charged at once (aged packages; business leads, the
 * testing page): the matching leads are claimed for the order in one statement (two
 * orders never get one lead), then the wallet is charged once for the order; a refused charge
 * releases the claim. When fewer leads match than asked for, nothing is bought unless the buyer
 * accepted the smaller order, at the per-lead price. The leads reach My Leads in a later step,
 * from the stored charge (CompleteLeadOrder).
 */
export class PlaceLeadOrder extends Command<LeadOrderAnswer> {
  constructor(
    readonly input: LeadOrderInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(PlaceLeadOrder)
export class PlaceLeadOrderHandler implements ICommandHandler<PlaceLeadOrder, LeadOrderAnswer> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input, context }: PlaceLeadOrder): Promise<LeadOrderAnswer> {
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

  /** The order's leads, claimed now (or already, when the same order is sent again). */
  private async claim(input: LeadOrderInput): Promise<{ quantity: number; priceCents: number }> {
    const kind = KINDS[input.kind];
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
        throw new DomainError(`${kind.code}_PARTIAL`, kind.partial(quantity.toLocaleString('en-US'), input), 409, {
          available: quantity,
          priceCents: priceOfCount(input, quantity),
          perLeadCents: input.perLeadCents,
        });
      }
      const priceCents = priceOfCount(input, quantity);
      await tx.query(
        `INSERT INTO aged_orders (order_id, owner_id, kind, tier, states, city, campaign, package_quantity, quantity, price_cents, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'claimed')`,
        [input.orderId, input.ownerId, input.kind, input.tier, JSON.stringify(input.states), input.city, input.campaign, input.quantity, quantity, priceCents],
      );
      return { quantity, priceCents };
    });
  }
}
