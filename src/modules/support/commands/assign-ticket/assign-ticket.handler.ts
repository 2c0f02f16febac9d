import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { ROLE_DIRECTORY, type RoleDirectory } from '../../../../platform/auth/role-directory.port.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { ValidationFailed } from '../../../../platform/http/api-error.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketDecider } from '../../domain/ticket.decider.js';
import { AssignTicket, NOT_AN_ADMIN } from './assign-ticket.command.js';

/** Only an admin can be given a ticket; the change, with who had it before, is kept on the ticket's stream. */
@CommandHandler(AssignTicket)
export class AssignTicketHandler implements ICommandHandler<AssignTicket, { assigneeId: string | null }> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(ROLE_DIRECTORY) private readonly roles: RoleDirectory,
  ) {}

  async execute({ input, context }: AssignTicket): Promise<{ assigneeId: string | null }> {
    if (input.assigneeId !== null && !(await this.roles.holdsAnyRole(input.assigneeId, ['admin']))) {
      throw new ValidationFailed([{ field: 'assigneeId', message: NOT_AN_ADMIN }]);
    }
    await handleCommand({
      store: this.store,
      streamId: ticketStream(input.ticketId),
      decider: ticketDecider,
      command: { type: 'AssignTicket', adminId: context.actor.id, assigneeId: input.assigneeId },
      context,
    });
    return { assigneeId: input.assigneeId };
  }
}
