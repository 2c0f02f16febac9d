import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type SetLeadPriceInput = { readonly source: string; readonly tier: string; readonly priceCents: number };

/** An admin sets what a lead of a source and tier costs from now on; leads already offered keep their price. */
export class SetLeadPrice extends Command<void> {
  constructor(
    readonly input: SetLeadPriceInput,
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
