import { Module } from '@nestjs/common';

import { CreateAnnouncementHandler } from './commands/create-announcement/create-announcement.handler.js';
import { CreateAnnouncementController } from './commands/create-announcement/create-announcement.http.controller.js';
import { DeleteAnnouncementHandler } from './commands/delete-announcement/delete-announcement.handler.js';
import { DeleteAnnouncementController } from './commands/delete-announcement/delete-announcement.http.controller.js';
import { UpdateAnnouncementHandler } from './commands/update-announcement/update-announcement.handler.js';
import { UpdateAnnouncementController } from './commands/update-announcement/update-announcement.http.controller.js';
import { ListAllAnnouncementsController } from './queries/list-all-announcements/list-all-announcements.admin.http.controller.js';
import { ListAnnouncementsController } from './queries/list-announcements/list-announcements.http.controller.js';

/** What the organisation announces: admins write, every signed-in user reads the five newest, live. */
@Module({
  controllers: [
    ListAnnouncementsController,
    ListAllAnnouncementsController,
    CreateAnnouncementController,
    UpdateAnnouncementController,
    DeleteAnnouncementController,
  ],
  providers: [CreateAnnouncementHandler, UpdateAnnouncementHandler, DeleteAnnouncementHandler],
})
export class AnnouncementsModule {}
