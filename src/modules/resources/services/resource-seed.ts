import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import seed from '../../../../web/src/content/resources.json' with { type: 'json' };
import { systemContext } from '../../../platform/event-store/new-event.js';
import { SeedResourceLinks } from '../commands/seed-resource-links/seed-resource-links.command.js';
import { resourceSeedSchema } from '../contracts/resource-links.js';

/** The seed file's cards, as the build checked them. */
export const RESOURCE_SEED = resourceSeedSchema.parse(seed);

/** At each start: the Resources page's cards from web/src/content/resources.json that the database lacks. */
@Injectable()
export class ResourceSeed implements OnApplicationBootstrap {
  constructor(private readonly commands: CommandBus) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.commands.execute(new SeedResourceLinks(RESOURCE_SEED, systemContext('resource-seed')));
  }
}
