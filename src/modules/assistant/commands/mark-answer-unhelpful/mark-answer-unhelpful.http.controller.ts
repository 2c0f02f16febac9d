import { Body, Controller, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { MarkAnswerUnhelpful } from './mark-answer-unhelpful.command.js';
import { answerAddress, markAnswerUnhelpfulRequest } from './mark-answer-unhelpful.request.js';

/**
 * `POST /api/assistant/conversations/:conversationId/answers/:answerSeq/unhelpful {note?}` with an
 * Idempotency-Key: the signed-in agent says an answer of their own conversation did not help;
 * admins read it beside the passage the answer used.
 */
@ApiTags('assistant')
@Controller('api/assistant/conversations/:conversationId/answers/:answerSeq')
@UseGuards(SessionGuard)
export class MarkAnswerUnhelpfulController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post('unhelpful')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Marks an answer of the caller's own conversation as not helpful, with an optional note of at most 500 characters (Idempotency-Key required); marking it again changes nothing. Another person's answer is 404.",
  })
  async mark(
    @CurrentUser() user: AuthenticatedUser,
    @Param('conversationId') conversationId: string,
    @Param('answerSeq') answerSeq: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ) {
    const key = idempotencyKeyOf(request.headers, 'Marking an answer needs');
    const address = validate(answerAddress, { conversationId, answerSeq });
    const { note } = validate(markAnswerUnhelpfulRequest, body ?? {});
    const payload = { route: 'assistant-unhelpful', ...address, note };
    const answer = await idempotent(this.pool, { scope: user.userId, key, payload }, async () => {
      const marked = await this.commands.execute(
        new MarkAnswerUnhelpful(
          { ...address, note },
          requestContextOf(request, { type: 'user', id: user.userId }),
          `assistant-unhelpful:${user.userId}:${key}`,
        ),
      );
      return { status: 201, body: marked };
    });
    return answer.body;
  }
}
