import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

/** The signed-in agent (the actor) sends one of their deliveries again now. */
export class ResendDelivery extends Command<{ deliveryId: string; attempt: number }> {
  constructor(
    readonly input: { readonly deliveryId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
