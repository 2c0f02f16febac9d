import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { CustomIntegrationChanged } from '../../services/custom-integrations.js';

/** The agent activates or deactivates one of their custom integrations. */
export class SetCustomIntegrationActive extends Command<CustomIntegrationChanged> {
  constructor(
    readonly input: { readonly integrationId: string; readonly active: boolean },
    readonly context: CommandContext,
  ) {
    super();
  }
}
