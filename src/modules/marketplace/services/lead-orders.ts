import type pg from 'pg';

import type { CommandContext } from '../../../platform/event-store/new-event.js';
import { deterministicUuid } from '../../../platform/ids/deterministic-uuid.js';
import { inTransaction } from '../../../platform/persistence/sql.js';
import { ChargeWallet } from '../../wallet/contracts/wallet-commands.js';
import { dollarsOf } from '../domain/purchase-messages.js';

/** What is sold from the inventory by the order: aged leads in packages, business leads by the piece. */
export type LeadOrderKind = 'aged' | 'business';

/** What a charge is made of: the order's buyer and kind, what it holds, and its price. */
export type ChargedOrder = {
  orderId: string;
  ownerId: string;
  kind: LeadOrderKind;
  tier: string | null;
  campaign: string | null;
  quantity: number;
  priceCents: number;
  /** An admin named the price (the testing page) instead of the price table. */
  adminPriced?: boolean;
};

/** Per kind: the charge's cause and key prefix, the refusals' code and words, the wallet line's description. */
export const ORDER_KINDS = {
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
    partial: (count: string, perLeadCents: number) => `Only ${count} business leads match. You can buy them at ${dollarsOf(perLeadCents)} each.`,
    description: (order: ChargedOrder, count: string) =>
      `Business leads: ${count} for ${order.campaign} at ${dollarsOf(order.priceCents / order.quantity)} each${order.adminPriced ? ', price set by an admin' : ''}`,
  },
} as const;

/** An order's id from what makes it one order (its buyer and the request's key): the same request again is the same order. */
export const orderIdOf = (...parts: readonly string[]) => deterministicUuid('v4-variant-8', ...parts);

/** The charge of an order; the same order always gives the same charge and key, so a second try charges once. */
export const leadOrderCharge = (order: ChargedOrder, context: CommandContext) => {
  const kind = ORDER_KINDS[order.kind];
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
export const priceOfCount = (order: { readonly quantity: number; readonly priceCents: number; readonly perLeadCents: number }, count: number) =>
  count === order.quantity ? order.priceCents : count * order.perLeadCents;
