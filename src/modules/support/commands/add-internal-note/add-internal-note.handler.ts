import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketDecider } from '../../domain/ticket.decider.js';
import { AddInternalNote } from './add-internal-note.command.js';

@CommandHandler(AddInternalNote)
export class AddInternalNoteHandler implements ICommandHandler<AddInternalNote, { noteId: string }> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context }: AddInternalNote): Promise<{ noteId: string }> {
    await handleCommand({
      store: this.store,
      streamId: ticketStream(input.ticketId),
      decider: ticketDecider,
      command: { type: 'AddInternalNote', noteId: input.noteId, adminId: context.actor.id, body: input.body },
      context,
    });
    return { noteId: input.noteId };
  }
}
