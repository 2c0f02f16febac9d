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
import { DIVISIONS, itemId } from '../../contracts/training-content.js';
import { SetTrainingItem } from './set-training-item.command.js';

export const divisionParam = z.enum(DIVISIONS, 'No such division: east-tampa, west-tampa or south-tampa');
const body = z.strictObject({ checked: z.boolean('checked must be true or false') });

@ApiTags('training')
@Controller('api/training')
@UseGuards(SessionGuard, ElevatedAccessGuard)
export class SetTrainingItemController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':division/items/:itemId')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Ticks ({"checked": true}) or unticks one item of the signed-in agent’s schedule (a day or one of its parts); the checklist rules tick or untick the day. Answers the day’s ticked items.',
  })
  async set(
    @CurrentUser() user: AuthenticatedUser,
    @Param('division') division: string,
    @Param('itemId') item: string,
    @Body() input: unknown,
    @Req() request: FastifyRequest,
  ) {
    const { checked } = validate(body, input ?? {});
    return this.commands.execute(
      new SetTrainingItem(
        { division: validate(divisionParam, division, 'division'), itemId: validate(itemId, item, 'itemId'), checked },
        requestContextOf(request, { type: 'user', id: user.userId }),
      ),
    );
  }
}
