import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CustomIntegrationForm } from '../../domain/custom-integration.js';
import type { CustomIntegrationChanged } from '../../services/custom-integrations.js';

/** The agent saves one of their custom integrations' form again; its type stays. */
export class UpdateCustomIntegration extends Command<CustomIntegrationChanged> {
  constructor(
    readonly input: { readonly integrationId: string; readonly form: CustomIntegrationForm },
    readonly context: CommandContext,
  ) {
    super();
  }
}
