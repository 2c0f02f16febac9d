import { Inject, Injectable, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import { keepScheduled } from '../../platform/jobs/keep-scheduled.js';
import { CONFIG, JOB_QUEUE } from '../../platform/tokens.js';
import type { AssistantConfig } from './assistant.config.js';
import { AskAssistantHandler } from './commands/ask-assistant/ask-assistant.handler.js';
import { AskAssistantController } from './commands/ask-assistant/ask-assistant.http.controller.js';
import { DismissUnansweredQuestionController } from './commands/dismiss-unanswered-question/dismiss-unanswered-question.admin.http.controller.js';
import { DismissUnansweredQuestionHandler } from './commands/dismiss-unanswered-question/dismiss-unanswered-question.handler.js';
import { KeepConversationForTicketHandler } from './commands/keep-conversation-for-ticket/keep-conversation-for-ticket.handler.js';
import { MarkAnswerUnhelpfulHandler } from './commands/mark-answer-unhelpful/mark-answer-unhelpful.handler.js';
import { MarkAnswerUnhelpfulController } from './commands/mark-answer-unhelpful/mark-answer-unhelpful.http.controller.js';
import { PurgeExpiredConversationsHandler } from './commands/purge-expired-conversations/purge-expired-conversations.handler.js';
import { ReleaseConversationFromTicketHandler } from './commands/release-conversation-from-ticket/release-conversation-from-ticket.handler.js';
import {
  conversationRetentionTriggers,
  PURGE_EXPIRED_CONVERSATIONS,
  PURGE_SCHEDULE,
  registerConversationRetention,
} from './jobs/conversation-retention.job.js';
import { ListAnswerFeedbackController } from './queries/list-answer-feedback/list-answer-feedback.admin.http.controller.js';
import { ListUnansweredQuestionsController } from './queries/list-unanswered-questions/list-unanswered-questions.admin.http.controller.js';
import { AssistantAnswers } from './services/assistant-answers.js';

/** The events of this module that start jobs; AppModule hands them to the dispatcher. */
export const assistantJobTriggers = [...conversationRetentionTriggers];

@Injectable()
class AssistantJobs implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private stop: (() => void) | null = null;

  constructor(
    private readonly commands: CommandBus,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    @Inject(CONFIG) private readonly config: AssistantConfig,
  ) {}

  onModuleInit(): void {
    registerConversationRetention(this.jobs, this.commands, this.config.conversationRetentionDays);
  }

  onApplicationBootstrap(): void {
    if (this.config.runWorkers) this.stop = keepScheduled(this.jobs, PURGE_EXPIRED_CONVERSATIONS, PURGE_SCHEDULE, { timeZone: this.config.orgTimeZone });
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }
}

/** The AI assistant: answers from the portal's own pages and the asker's own figures, keeps conversations, hands off to a help request. */
@Module({
  controllers: [
    AskAssistantController,
    ListUnansweredQuestionsController,
    DismissUnansweredQuestionController,
    MarkAnswerUnhelpfulController,
    ListAnswerFeedbackController,
  ],
  providers: [
    AssistantAnswers,
    AskAssistantHandler,
    KeepConversationForTicketHandler,
    PurgeExpiredConversationsHandler,
    ReleaseConversationFromTicketHandler,
    DismissUnansweredQuestionHandler,
    MarkAnswerUnhelpfulHandler,
    AssistantJobs,
  ],
})
export class AssistantModule {}
