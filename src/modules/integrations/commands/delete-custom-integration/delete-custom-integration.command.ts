import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CustomIntegrationChanged } from '../../services/custom-integrations.js';

/** The agent deletes one of their custom integrations; its delivery history stays. */
export class DeleteCustomIntegration extends Command<CustomIntegrationChanged> {
  constructor(
    readonly input: { readonly integrationId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
