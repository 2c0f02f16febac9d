import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AssistantAnswer } from '../../domain/compose-answer.js';
import type { AnswerStream, Asker } from '../../services/assistant-answers.js';
import type { ChatTurn } from '../../services/chat-model.js';

export type AskAssistantInput = {
  readonly messages: readonly ChatTurn[];
  /** The signed-in asker, whose conversation is kept, whose own figures may be read and whose access decides the pages answered from; null for a visitor. */
  readonly asker: Asker;
  readonly conversationId?: string;
  /** Where a chat model's answer is streamed while it is written. */
  readonly stream?: AnswerStream;
};

/** Someone asks the assistant; answers what it says, and for a signed-in user the conversation it is kept in. */
export class AskAssistant extends Command<AssistantAnswer & { readonly conversationId: string | null; readonly answerSeq: number | null }> {
  constructor(
    readonly input: AskAssistantInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
