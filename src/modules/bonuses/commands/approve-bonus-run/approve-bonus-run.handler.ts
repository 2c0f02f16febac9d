import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { bonusRunStream } from '../../contracts/bonus-runs.js';
import { bonusRunDecider } from '../../domain/bonus-run.decider.js';
import { ApproveBonusRun } from './approve-bonus-run.command.js';

@CommandHandler(ApproveBonusRun)
export class ApproveBonusRunHandler implements ICommandHandler<ApproveBonusRun, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input: { week }, context }: ApproveBonusRun): Promise<void> {
    const command = { type: 'ApproveBonusRun', adminId: context.actor.id } as const;
    await handleCommand({ store: this.store, streamId: bonusRunStream(week), decider: bonusRunDecider, command, context });
  }
}
