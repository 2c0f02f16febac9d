import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { unansweredQuestions } from './unanswered-questions.query.js';

@ApiTags('admin')
@Controller('api/admin/assistant/unanswered')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListUnansweredQuestionsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary: 'Admins: the questions the assistant could not answer {questions: [{questionKey, question, timesAsked, firstAskedAt, lastAskedAt}]}.',
  })
  async list() {
    return { questions: await unansweredQuestions(this.pool) };
  }
}
