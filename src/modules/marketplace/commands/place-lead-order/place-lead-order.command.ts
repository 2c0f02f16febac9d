import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { LeadOrderKind } from '../../services/lead-orders.js';

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
