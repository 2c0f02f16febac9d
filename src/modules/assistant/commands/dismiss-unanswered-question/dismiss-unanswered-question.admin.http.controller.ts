import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { DismissUnansweredQuestion } from './dismiss-unanswered-question.command.js';

const dismissRequest = z.object({ questionKey: z.string().min(1, 'Name the question.').max(300, 'Name the question.') }).strict();

@ApiTags('admin')
@Controller('api/admin/assistant/unanswered')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class DismissUnansweredQuestionController {
  constructor(private readonly commands: CommandBus) {}

  @Post('dismiss')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admins: marks an unanswered question {questionKey} as dealt with; it comes back if asked again.' })
  async dismiss(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { questionKey } = validate(dismissRequest, body);
    const answer = await this.commands.execute(new DismissUnansweredQuestion({ questionKey }, requestContextOf(request, { type: 'user', id: user.userId })));
    if (!answer.dismissed) throw new ApiError(404, 'NOT_FOUND', 'That question is not in the list.');
    return answer;
  }
}
