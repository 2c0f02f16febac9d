import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type ReviewSecurityAlertInput = {
  readonly alertId: string;
  readonly status: 'acknowledged' | 'resolved';
  readonly note?: string | undefined;
};

/** An admin acknowledges or resolves a security alert, with an optional note. */
export class ReviewSecurityAlert extends Command<void> {
  constructor(
    readonly input: ReviewSecurityAlertInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
