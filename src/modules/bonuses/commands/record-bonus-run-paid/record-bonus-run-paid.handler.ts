import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { bonusRunStream } from '../../contracts/bonus-runs.js';
import { bonusRunDecider } from '../../domain/bonus-run.decider.js';
import { RecordBonusRunPaid } from './record-bonus-run-paid.command.js';

@CommandHandler(RecordBonusRunPaid)
export class RecordBonusRunPaidHandler implements ICommandHandler<RecordBonusRunPaid, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input: { week }, context, idempotencyKey }: RecordBonusRunPaid): Promise<void> {
    const command = { type: 'RecordBonusRunPaid' } as const;
    await handleCommand({
      store: this.store,
      streamId: bonusRunStream(week),
      decider: bonusRunDecider,
      command,
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
  }
}
