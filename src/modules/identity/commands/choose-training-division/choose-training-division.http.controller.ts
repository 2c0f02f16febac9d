import { Body, Controller, HttpCode, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { DIVISIONS } from '../../../training/contracts/training-content.js';
import { ChooseTrainingDivision } from './choose-training-division.command.js';

const chooseRequest = z.strictObject({ division: z.enum(DIVISIONS, 'Please choose your office: East Tampa, West Tampa or South Tampa.') });

@ApiTags('profiles')
@Controller('api/profile')
export class ChooseTrainingDivisionController {
  constructor(private readonly commands: CommandBus) {}

  @Put('training-division')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'Saves the office the signed-in user trains in (east-tampa, west-tampa or south-tampa): the Training menu opens its schedule.' })
  async choose(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { division } = validate(chooseRequest, body);
    await this.commands.execute(new ChooseTrainingDivision({ division }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { division };
  }
}
