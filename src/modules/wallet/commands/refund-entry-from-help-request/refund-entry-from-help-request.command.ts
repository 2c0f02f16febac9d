import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type EntryRefundAnswer = { readonly adjustmentId: string; readonly entrySeq: number; readonly amountCents: number };

/**
 * An admin (the context's actor) gives back part or all of what the wallet entry a help request
 * is about took: the handler takes the agent and the entry from the request itself, and the
 * wallet caps every refund of that entry together at what it took. The refund names the request.
 */
export class RefundEntryFromHelpRequest extends Command<EntryRefundAnswer> {
  constructor(
    readonly input: { readonly ticketId: string; readonly adjustmentId: string; readonly amountCents: number; readonly reason: string },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
