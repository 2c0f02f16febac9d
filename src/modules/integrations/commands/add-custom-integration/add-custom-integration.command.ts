import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CustomIntegrationForm } from '../../domain/custom-integration.js';
import type { CustomIntegrationChanged } from '../../services/custom-integrations.js';

/** The signed-in agent (the actor) adds a custom integration, a link or an API. */
export class AddCustomIntegration extends Command<CustomIntegrationChanged> {
  constructor(
    readonly input: { readonly form: CustomIntegrationForm },
    readonly context: CommandContext,
  ) {
    super();
  }
}
