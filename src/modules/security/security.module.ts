import { Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';

import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { SECURITY_EVENT_RECORDER } from '../../platform/security/security-event-recorder.port.js';
import { CONFIG, EVENT_STORE, JOB_QUEUE, MAILER, SQL_POOL } from '../../platform/tokens.js';
import { EvaluateSecurityEventHandler } from './commands/evaluate-security-event/evaluate-security-event.handler.js';
import { ReviewSecurityAlertController } from './commands/review-security-alert/review-security-alert.admin.http.controller.js';
import { ReviewSecurityAlertHandler } from './commands/review-security-alert/review-security-alert.handler.js';
import { emailSecurityAlertTriggers, registerEmailSecurityAlertJobs } from './jobs/email-security-alert.job.js';
import { evaluateSecurityEventTriggers, registerEvaluateSecurityEventJob } from './jobs/evaluate-security-event.job.js';
import { ListSecurityAlertsController } from './queries/list-security-alerts/list-security-alerts.admin.http.controller.js';
import { ListSecurityEventsController } from './queries/list-security-events/list-security-events.admin.http.controller.js';
import { eventStoreSecurityEventRecorder } from './security-event-recorder.js';
import type { SecurityConfig } from './security.config.js';

export const securityJobTriggers = [...evaluateSecurityEventTriggers, ...emailSecurityAlertTriggers];

@Injectable()
class SecurityJobs implements OnModuleInit {
  constructor(
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: SecurityConfig,
    private readonly commands: CommandBus,
  ) {}

  onModuleInit(): void {
    registerEvaluateSecurityEventJob(this.jobs, this.commands);
    registerEmailSecurityAlertJobs(this.jobs, this.pool, this.mailer, this.config.alertMailWindowMs);
  }
}

/**
 * Security monitoring: events recorded on the server, threshold alerts, and their review by
 * admins. Provides the platform's SecurityEventRecorder port.
 */
@Module({
  controllers: [ListSecurityEventsController, ListSecurityAlertsController, ReviewSecurityAlertController],
  providers: [
    SecurityJobs,
    ReviewSecurityAlertHandler,
    EvaluateSecurityEventHandler,
    { provide: SECURITY_EVENT_RECORDER, inject: [EVENT_STORE], useFactory: (store: EventStore) => eventStoreSecurityEventRecorder(store) },
  ],
  exports: [SECURITY_EVENT_RECORDER],
})
export class SecurityModule {}
