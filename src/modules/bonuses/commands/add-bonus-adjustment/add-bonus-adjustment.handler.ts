import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { bonusRunStream } from '../../contracts/bonus-runs.js';
import { bonusRunDecider } from '../../domain/bonus-run.decider.js';
import { AddBonusAdjustment } from './add-bonus-adjustment.command.js';

@CommandHandler(AddBonusAdjustment)
export class AddBonusAdjustmentHandler implements ICommandHandler<AddBonusAdjustment, { readonly adjustmentId: string }> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: AddBonusAdjustment): Promise<{ readonly adjustmentId: string }> {
    const { week, ...adjustment } = input;
    const command = { type: 'AddBonusAdjustment', ...adjustment, adminId: context.actor.id } as const;
    await handleCommand({ store: this.store, streamId: bonusRunStream(week), decider: bonusRunDecider, command, context, idempotencyKey });
    return { adjustmentId: input.adjustmentId };
  }
}
