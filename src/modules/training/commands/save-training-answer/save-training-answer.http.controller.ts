import { Body, Controller, HttpCode, Param, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { ElevatedAccessGuard } from '../../../access/contracts/elevated-access.guard.js';
import { itemId } from '../../contracts/training-content.js';
import { TRAINING_ANSWER_MAX } from '../../contracts/training.events.js';
import { divisionParam } from '../set-training-item/set-training-item.http.controller.js';
import { SaveTrainingAnswer } from './save-training-answer.command.js';

const body = z.strictObject({
  answer: z.string('answer must be text').trim().max(TRAINING_ANSWER_MAX, `The answer is at most ${TRAINING_ANSWER_MAX} characters`),
});

@ApiTags('training')
@Controller('api/training')
@UseGuards(SessionGuard, ElevatedAccessGuard)
export class SaveTrainingAnswerController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':division/answers/:itemId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Saves the signed-in agent’s free-text homework answer ({"answer": "..."}, at most 500 characters; empty clears it).' })
  async save(
    @CurrentUser() user: AuthenticatedUser,
    @Param('division') division: string,
    @Param('itemId') item: string,
    @Body() input: unknown,
    @Req() request: FastifyRequest,
  ) {
    const { answer } = validate(body, input ?? {});
    return this.commands.execute(
      new SaveTrainingAnswer(
        { division: validate(divisionParam, division, 'division'), itemId: validate(itemId, item, 'itemId'), answer },
        requestContextOf(request, { type: 'user', id: user.userId }),
      ),
    );
  }
}
