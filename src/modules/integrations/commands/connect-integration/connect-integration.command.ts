import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ProviderId, ProviderSetup } from '../../domain/providers.js';

export type IntegrationChanged = {
  integrationId: string;
  connected: boolean;
  /** Secrets the portal made at this connect (setup.generated), answered this once and never again. */
  revealed: Record<string, string>;
};

/** The signed-in agent (the actor) connects a provider with its settings and secrets. */
export class ConnectIntegration extends Command<IntegrationChanged> {
  constructor(
    readonly input: { readonly providerId: ProviderId; readonly setup: ProviderSetup },
    readonly context: CommandContext,
  ) {
    super();
  }
}
