import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AssistantAnswer } from '../../domain/compose-answer.js';
import type { AnswerStream } from '../../services/assistant-answers.js';
import type { ChatTurn } from '../../services/chat-model.js';

export type AskAssistantInput = {
  readonly messages: readonly ChatTurn[];
  /** The signed-in asker, whose conversation is kept and whose own figures may be read; null for a visitor. */
  readonly userId: string | null;
  readonly conversationId?: string;
  /** Where a chat model's answer is streamed while it is written. */
  readonly stream?: AnswerStream;
};

/** Someone asks the assistant; answers what it says, and for a signed-in user the conversation it is kept in. */
export class AskAssistant extends Command<AssistantAnswer & { readonly conversationId: string | null }> {
  constructor(
    readonly input: AskAssistantInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
