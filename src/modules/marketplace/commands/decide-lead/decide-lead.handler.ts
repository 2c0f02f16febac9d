import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { leadStream } from '../../contracts/lead-events.js';
import { leadDecider, type LeadCommand, type LeadState } from '../../domain/lead.decider.js';

/** Any decision on one lead's stream (offer, sale, declined offer, allocation finished). */
export class DecideLead extends Command<LeadState> {
  constructor(
    readonly command: LeadCommand,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}

@CommandHandler(DecideLead)
export class DecideLeadHandler implements ICommandHandler<DecideLead, LeadState> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ command, context, idempotencyKey }: DecideLead): Promise<LeadState> {
    const result = await handleCommand({
      store: this.store,
      streamId: leadStream(command.leadId),
      decider: leadDecider,
      command,
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
    return result.state;
  }
}
