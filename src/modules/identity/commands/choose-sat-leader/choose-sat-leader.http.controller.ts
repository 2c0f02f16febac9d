import { Body, Controller, HttpCode, Put, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { validate } from '../../../../platform/http/validate.js';
import { ChooseSatLeader } from './choose-sat-leader.handler.js';

const chooseRequest = z.object({ satLeaderId: z.uuid('Please select your SAT leader to continue.') });

@ApiTags('profiles')
@Controller('api/profile')
export class ChooseSatLeaderController {
  constructor(private readonly commands: CommandBus) {}

  @Put('sat-leader')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'Saves the signed-in user’s SAT leader (stored as the leader’s e-mail, sat_manager_email).' })
  async choose(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown) {
    const { satLeaderId } = validate(chooseRequest, body);
    await this.commands.execute(new ChooseSatLeader(user.userId, satLeaderId));
    return { message: 'SAT leader has been saved successfully.' };
  }
}
