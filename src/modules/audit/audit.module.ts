import { Module } from '@nestjs/common';

import { AuditLogAdminController } from './queries/audit-log.admin.http.controller.js';

/** The audit log for admins: every event with who caused it, its data and its correlation chain. */
@Module({ controllers: [AuditLogAdminController] })
export class AuditModule {}
