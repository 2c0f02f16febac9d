import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type SweptAgedOrders = { readonly charged: number; readonly released: number };

/** Finishes orders from the inventory (aged packages, business leads) cut off between claiming their leads and the charge (a periodic job). */
export class SweepAgedOrders extends Command<SweptAgedOrders> {
  constructor(
    readonly input: Record<string, never>,
    /** The sweep's own (system) context: the charges it makes carry it. */
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
