import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { userRequestContext } from '../../../../platform/event-store/new-event.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { agentAccessStream } from '../../contracts/access-streams.js';
import { agentAccessDecider } from '../../domain/agent-access.decider.js';

export class RevokeElevatedAccess extends Command<void> {
  constructor(
    readonly userId: string,
    readonly requestId: string,
  ) {
    super();
  }
}

/** The agent ends their own elevated access now. */
@CommandHandler(RevokeElevatedAccess)
export class RevokeElevatedAccessHandler implements ICommandHandler<RevokeElevatedAccess, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ userId, requestId }: RevokeElevatedAccess): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: agentAccessStream(userId),
      decider: agentAccessDecider,
      command: { type: 'RevokeElevatedAccess', userId },
      context: userRequestContext(userId, requestId),
    });
  }
}
