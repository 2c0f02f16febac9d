import { Body, Controller, HttpCode, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { ChooseSatLeader } from './choose-sat-leader.command.js';

const chooseRequest = z.object({ satLeaderId: z.uuid('Please select your SAT leader to continue.') });

@ApiTags('profiles')
@Controller('api/profile')
export class ChooseSatLeaderController {
  constructor(private readonly commands: CommandBus) {}

  @Put('sat-leader')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({
    summary:
      'Saves the signed-in user’s SAT leader (stored as the leader’s e-mail, sat_manager_email), once: later an admin changes it (PUT /api/admin/users/{userId}/leader).',
  })
  async choose(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { satLeaderId } = validate(chooseRequest, body);
    await this.commands.execute(new ChooseSatLeader({ satLeaderId }, requestContextOf(request, { type: 'user', id: user.userId })));
    return { message: 'SAT leader has been saved successfully.' };
  }
}
