import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/**
 * A process step records the wallet's answer to a budget raise: raised, or refused in the
 * wallet's words (the budget stays).
 */
export class RecordBudgetRaise extends Command<void> {
  constructor(
    readonly input: { readonly campaignId: string; readonly requestId: string; readonly outcome: { raised: true } | { raised: false; reason: string } },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
