import { Module } from '@nestjs/common';
import { SecurityEventsAdminController } from './security-events.admin.http.controller.js';

/** Security monitoring: events recorded on the server, for admins to review. */
@Module({ controllers: [SecurityEventsAdminController] })
export class SecurityModule {}
