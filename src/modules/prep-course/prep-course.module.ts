import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';

import { systemContext } from '../../platform/event-store/new-event.js';
import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../platform/jobs/keep-scheduled.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { CONFIG, JOB_QUEUE, MAILER, SQL_POOL } from '../../platform/tokens.js';
import { CancelPrepSessionHandler } from './commands/cancel-prep-session/cancel-prep-session.handler.js';
import { CancelPrepSessionController } from './commands/cancel-prep-session/cancel-prep-session.http.controller.js';
import { ConfirmPrepRegistrationHandler } from './commands/confirm-prep-registration/confirm-prep-registration.handler.js';
import { ConfirmPrepRegistrationController } from './commands/confirm-prep-registration/confirm-prep-registration.http.controller.js';
import { ExtendPrepSessions } from './commands/extend-prep-sessions/extend-prep-sessions.command.js';
import { ExtendPrepSessionsHandler } from './commands/extend-prep-sessions/extend-prep-sessions.handler.js';
import { MovePrepSessionHandler } from './commands/move-prep-session/move-prep-session.handler.js';
import { MovePrepSessionController } from './commands/move-prep-session/move-prep-session.http.controller.js';
import { RegisterForPrepCourseHandler } from './commands/register-for-prep-course/register-for-prep-course.handler.js';
import { RegisterForPrepCourseController } from './commands/register-for-prep-course/register-for-prep-course.http.controller.js';
import { SetPrepSessionCapacityHandler } from './commands/set-prep-session-capacity/set-prep-session-capacity.handler.js';
import { SetPrepSessionCapacityController } from './commands/set-prep-session-capacity/set-prep-session-capacity.http.controller.js';
import { EXTEND_EVERY_MS, EXTEND_PREP_SESSIONS, registerExtendPrepSessions } from './jobs/extend-prep-sessions.job.js';
import { prepCourseMailTriggers, registerPrepCourseMailJobs } from './jobs/prep-course-mail.job.js';
import type { PrepCourseConfig } from './prep-course.config.js';
import { ListPrepSessionsController } from './queries/list-prep-sessions/list-prep-sessions.http.controller.js';
import { PrepConfirmationPreviewController } from './queries/prep-confirmation-preview/prep-confirmation-preview.http.controller.js';
import { PrepCourseAdminController } from './queries/prep-course-admin/prep-course-admin.http.controller.js';
import { StudyGuideController } from './queries/prep-course-documents/study-guide.http.controller.js';

/** The events of this module that start jobs; AppModule hands them to the dispatcher. */
export const prepCourseJobTriggers = prepCourseMailTriggers;

@Injectable()
class PrepCourseJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private stop: (() => void) | null = null;

  constructor(
    private readonly commands: CommandBus,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: PrepCourseConfig,
  ) {}

  onModuleInit(): void {
    registerPrepCourseMailJobs(this.jobs, this.pool, this.mailer, { publicUrl: this.config.publicUrl });
    registerExtendPrepSessions(this.jobs, this.commands, this.config.prepCourseCapacity);
  }

  /** Every process makes sure the weekends are there before it serves (idempotent); those with workers keep extending them. */
  async onApplicationBootstrap(): Promise<void> {
    await this.commands.execute(new ExtendPrepSessions({ capacity: this.config.prepCourseCapacity }, systemContext(EXTEND_PREP_SESSIONS)));
    if (this.config.runWorkers) this.stop = keepScheduled(this.jobs, EXTEND_PREP_SESSIONS, { everyMs: EXTEND_EVERY_MS });
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}

/** The 2-15 licence prep course: its weekends (seeded from the cadence, managed by admins), public registration confirmed from the mailbox, the mails and reminders. */
@Module({
  controllers: [
    ListPrepSessionsController,
    StudyGuideController,
    RegisterForPrepCourseController,
    PrepConfirmationPreviewController,
    ConfirmPrepRegistrationController,
    PrepCourseAdminController,
    CancelPrepSessionController,
    MovePrepSessionController,
    SetPrepSessionCapacityController,
  ],
  providers: [
    RegisterForPrepCourseHandler,
    ConfirmPrepRegistrationHandler,
    ExtendPrepSessionsHandler,
    CancelPrepSessionHandler,
    MovePrepSessionHandler,
    SetPrepSessionCapacityHandler,
    PrepCourseJobs,
  ],
})
export class PrepCourseModule {}
