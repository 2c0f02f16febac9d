import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ProviderId } from '../../domain/providers.js';

/** The signed-in agent (the actor) disconnects a provider. */
export class DisconnectIntegration extends Command<{ integrationId: string; connected: false }> {
  constructor(
    readonly input: { readonly providerId: ProviderId },
    readonly context: CommandContext,
  ) {
    super();
  }
}
