import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** An agent (the context's actor) says an answer of their conversation did not help, with an optional word on why. */
export class MarkAnswerUnhelpful extends Command<{ readonly marked: true }> {
  constructor(
    readonly input: { readonly conversationId: string; readonly answerSeq: number; readonly note: string | null },
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
