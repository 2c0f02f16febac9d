import { Module } from '@nestjs/common';

import { CreateResourceLinkHandler } from './commands/create-resource-link/create-resource-link.handler.js';
import { CreateResourceLinkController } from './commands/create-resource-link/create-resource-link.http.controller.js';
import { MoveResourceLinkHandler } from './commands/move-resource-link/move-resource-link.handler.js';
import { MoveResourceLinkController } from './commands/move-resource-link/move-resource-link.http.controller.js';
import { SeedResourceLinksHandler } from './commands/seed-resource-links/seed-resource-links.handler.js';
import { UpdateResourceLinkHandler } from './commands/update-resource-link/update-resource-link.handler.js';
import { UpdateResourceLinkController } from './commands/update-resource-link/update-resource-link.http.controller.js';
import { ListResourceLinksAdminController, ListResourceLinksController } from './queries/list-resource-links/list-resource-links.http.controller.js';
import { ResourceSeed } from './services/resource-seed.js';

/** The Resources page's cards: seeded from the content file, edited by admins, read by every agent with access. */
@Module({
  controllers: [
    ListResourceLinksController,
    ListResourceLinksAdminController,
    CreateResourceLinkController,
    UpdateResourceLinkController,
    MoveResourceLinkController,
  ],
  providers: [CreateResourceLinkHandler, UpdateResourceLinkHandler, MoveResourceLinkHandler, SeedResourceLinksHandler, ResourceSeed],
})
export class ResourcesModule {}
