import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type pg from 'pg';

import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../platform/jobs/keep-scheduled.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { CONFIG, JOB_QUEUE, MAILER, SQL_POOL } from '../../platform/tokens.js';
import { AddInternalNoteHandler } from './commands/add-internal-note/add-internal-note.handler.js';
import { AddInternalNoteController } from './commands/add-internal-note/add-internal-note.http.controller.js';
import { AssignTicketHandler } from './commands/assign-ticket/assign-ticket.handler.js';
import { AssignTicketController } from './commands/assign-ticket/assign-ticket.http.controller.js';
import { AttachTicketFileHandler } from './commands/attach-ticket-file/attach-ticket-file.handler.js';
import { AttachTicketFileController } from './commands/attach-ticket-file/attach-ticket-file.http.controller.js';
import { ChangeTicketStatusHandler } from './commands/change-ticket-status/change-ticket-status.handler.js';
import { ChangeTicketStatusController } from './commands/change-ticket-status/change-ticket-status.http.controller.js';
import { DeleteTicketHandler } from './commands/delete-ticket/delete-ticket.handler.js';
import { DeleteTicketController } from './commands/delete-ticket/delete-ticket.http.controller.js';
import { LinkTicketActionHandler } from './commands/link-ticket-action/link-ticket-action.handler.js';
import { ReplyToTicketAdminController } from './commands/reply-to-ticket/reply-to-ticket.admin.http.controller.js';
import { ReplyToTicketHandler } from './commands/reply-to-ticket/reply-to-ticket.handler.js';
import { ReplyToTicketController } from './commands/reply-to-ticket/reply-to-ticket.http.controller.js';
import { SaveAdminNotesHandler } from './commands/save-admin-notes/save-admin-notes.handler.js';
import { SaveAdminNotesController } from './commands/save-admin-notes/save-admin-notes.http.controller.js';
import { SubmitTicketHandler } from './commands/submit-ticket/submit-ticket.handler.js';
import { SubmitTicketController } from './commands/submit-ticket/submit-ticket.http.controller.js';
import { WarnSlaDeadlinesHandler } from './commands/warn-sla-deadlines/warn-sla-deadlines.handler.js';
import { registerSlaWarningJobs, WARN_SLA_DEADLINES } from './jobs/sla-warnings.job.js';
import { registerTicketLinkJobs, ticketLinkTriggers } from './jobs/ticket-links.job.js';
import { registerTicketMailJobs, ticketMailTriggers } from './jobs/ticket-mail.job.js';
import { DownloadTicketFileController } from './queries/download-ticket-file/download-ticket-file.http.controller.js';
import { GetTicketReferenceController } from './queries/get-ticket-reference/get-ticket-reference.admin.http.controller.js';
import { GetTicketTimelineController } from './queries/get-ticket-timeline/get-ticket-timeline.admin.http.controller.js';
import { ListHelpRequestsController } from './queries/list-help-requests/list-help-requests.http.controller.js';
import { ListMyTicketsController } from './queries/list-my-tickets/list-my-tickets.http.controller.js';
import { ListTicketAssigneesController } from './queries/list-ticket-assignees/list-ticket-assignees.admin.http.controller.js';
import { ListTicketConversationController } from './queries/list-ticket-messages/list-ticket-messages.admin.http.controller.js';
import { ListTicketRepliesController } from './queries/list-ticket-messages/list-ticket-messages.http.controller.js';
import type { SupportConfig } from './support.config.js';

/** The events of this module that start jobs; AppModule hands them to the dispatcher. */
export const supportJobTriggers = [...ticketMailTriggers, ...ticketLinkTriggers];

@Injectable()
class SupportJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private stopWarnings: (() => void) | null = null;

  constructor(
    private readonly commands: CommandBus,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(CONFIG) private readonly config: SupportConfig,
  ) {}

  onModuleInit(): void {
    registerTicketMailJobs(this.jobs, this.pool, this.mailer, {
      supportEmail: this.config.supportEmail,
      publicUrl: this.config.publicUrl,
      timeZone: this.config.orgTimeZone,
    });
    registerSlaWarningJobs(this.jobs, this.commands);
    registerTicketLinkJobs(this.jobs, this.commands);
  }

  /** The SLA warning sweep runs every SLA_WARNING_SWEEP_SECONDS (a minute), in the processes that run workers. */
  onApplicationBootstrap(): void {
    if (this.config.runWorkers) this.stopWarnings = keepScheduled(this.jobs, WARN_SLA_DEADLINES, { everyMs: this.config.slaWarningSweepMs });
  }

  onApplicationShutdown(): void {
    this.stopWarnings?.();
  }
}

/** The support desk: agents' help requests (tickets) with their files and conversations, assigned to and worked by admins. */
@Module({
  controllers: [
    SubmitTicketController,
    AttachTicketFileController,
    DeleteTicketController,
    ChangeTicketStatusController,
    SaveAdminNotesController,
    ReplyToTicketController,
    ReplyToTicketAdminController,
    AddInternalNoteController,
    AssignTicketController,
    ListMyTicketsController,
    ListTicketRepliesController,
    ListTicketAssigneesController,
    ListHelpRequestsController,
    ListTicketConversationController,
    GetTicketReferenceController,
    GetTicketTimelineController,
    DownloadTicketFileController,
  ],
  providers: [
    SubmitTicketHandler,
    AttachTicketFileHandler,
    DeleteTicketHandler,
    ChangeTicketStatusHandler,
    SaveAdminNotesHandler,
    ReplyToTicketHandler,
    AddInternalNoteHandler,
    AssignTicketHandler,
    WarnSlaDeadlinesHandler,
    LinkTicketActionHandler,
    SupportJobs,
  ],
})
export class SupportModule {}
