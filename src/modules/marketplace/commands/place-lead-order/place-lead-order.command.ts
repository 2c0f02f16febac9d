import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { LeadOrderKind } from '../../services/lead-orders.js';

type LeadOrderRequest = {
  readonly orderId: string;
  readonly ownerId: string;
  readonly kind: LeadOrderKind;
  /** Which leads: of a tier (null: any), in these states (none: any), in a city (null: any, case ignored). */
  readonly tier: string | null;
  readonly states: readonly string[];
  readonly city: string | null;
  /** How many leads were asked for. */
  readonly quantity: number;
  /** A business order's campaign name. */
  readonly campaign: string | null;
  /** The buyer agreed to fewer leads than asked for when fewer match. */
  readonly acceptPartial: boolean;
  /** An admin named the price (the testing page) instead of the price table: the wallet line says so. */
  readonly adminPriced?: boolean;
};

/** What the asked-for leads cost together; fewer cost perLeadCents each. */
export type OrderPrice = { readonly priceCents: number; readonly perLeadCents: number };

/** An order at a price its sender set (a package's, an admin's), or at the price table's price per lead when it is placed. */
export type LeadOrderInput = LeadOrderRequest & (OrderPrice | { readonly priceFrom: { readonly source: string; readonly tier: string } });

/** An order with its price settled. */
export type PricedLeadOrder = LeadOrderRequest & OrderPrice;

export type LeadOrderAnswer = { readonly orderId: string; readonly quantity: number; readonly priceCents: number; readonly perLeadCents: number };

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
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
