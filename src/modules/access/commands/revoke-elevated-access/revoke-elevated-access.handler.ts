import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { agentAccessStream } from '../../contracts/access-streams.js';
import { agentAccessDecider } from '../../domain/agent-access.decider.js';
import { RevokeElevatedAccess } from './revoke-elevated-access.command.js';

/** The agent ends their own elevated access now. */
@CommandHandler(RevokeElevatedAccess)
export class RevokeElevatedAccessHandler implements ICommandHandler<RevokeElevatedAccess, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input: { userId }, context }: RevokeElevatedAccess): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: agentAccessStream(userId),
      decider: agentAccessDecider,
      command: { type: 'RevokeElevatedAccess', userId },
      context,
    });
  }
}
