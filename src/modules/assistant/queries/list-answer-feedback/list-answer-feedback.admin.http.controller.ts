import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { AssistantAnswers } from '../../services/assistant-answers.js';
import { answerFeedback, type AnswerFeedbackPage, type UsedPassage } from './answer-feedback.query.js';

@ApiTags('admin')
@Controller('api/admin/assistant/feedback')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListAnswerFeedbackController {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly answers: AssistantAnswers,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      "Admins: every agent's answers marked not helpful {unhelpful: [{question, answer, note, margin, markedAt, passages}]} and the questions answered with a low margin {lowMargin: [{question, margin, timesAsked, lastAskedAt, passage}]}, each with the passage used.",
  })
  async list(): Promise<AnswerFeedbackPage> {
    const { unhelpful, lowMargin } = await answerFeedback(this.pool);
    const used = (id: string): UsedPassage => {
      const passage = this.answers.passage(id);
      return passage ? { id, heading: passage.heading, pageTitle: passage.pageTitle, url: passage.url } : { id, heading: id, pageTitle: '', url: null };
    };
    return {
      unhelpful: unhelpful.map(({ passageIds, conversationId: _conversation, ...answer }) => ({ ...answer, passages: passageIds.map(used) })),
      lowMargin: lowMargin.map(({ passageId, ...answer }) => ({ ...answer, passage: used(passageId) })),
    };
  }
}
