import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ResourceSeed } from '../../contracts/resource-links.js';

/** At start: adds the seed file's cards the database does not have yet (by id); answers how many were added. */
export class SeedResourceLinks extends Command<{ readonly added: number }> {
  constructor(
    readonly input: ResourceSeed,
    readonly context: CommandContext,
  ) {
    super();
  }
}
