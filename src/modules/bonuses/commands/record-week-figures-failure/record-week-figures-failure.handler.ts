import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { STEP_CONFLICT_RETRIES } from '../../../../platform/processes/process-step.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { weekPerformanceStream, type WeekPerformanceEvent } from '../../contracts/bonus-events.js';
import { weekPerformanceDecider } from '../../domain/week-performance.decider.js';
import { RecordWeekFiguresFailure } from './record-week-figures-failure.command.js';

@CommandHandler(RecordWeekFiguresFailure)
export class RecordWeekFiguresFailureHandler implements ICommandHandler<RecordWeekFiguresFailure, readonly string[]> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** Returns what was recorded: nothing when no figure changed. */
  async execute({ input, context }: RecordWeekFiguresFailure): Promise<readonly string[]> {
    const result = await handleCommand({
      store: this.store,
      streamId: weekPerformanceStream(input.userId),
      decider: weekPerformanceDecider,
      command: { type: 'RecordWeekFiguresFailure', ...input },
      context,
      conflictRetries: STEP_CONFLICT_RETRIES,
    });
    return result.stored.map((event) => (event as unknown as WeekPerformanceEvent).type);
  }
}
