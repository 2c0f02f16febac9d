import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { Destinations } from '../../delivery/destinations.js';

/** The agent chooses which of their leads go to one of their integrations. */
export class SetIntegrationDestinations extends Command<{ destinations: Destinations }> {
  constructor(
    readonly input: { readonly integrationId: string; readonly destinations: Destinations },
    readonly context: CommandContext,
  ) {
    super();
  }
}
