import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The agent sends every failed or held delivery of one of their integrations since a time again. */
export class ResendFailedDeliveries extends Command<{ resent: number }> {
  constructor(
    readonly input: { readonly integrationId: string; readonly since: Date },
    readonly context: CommandContext,
  ) {
    super();
  }
}
