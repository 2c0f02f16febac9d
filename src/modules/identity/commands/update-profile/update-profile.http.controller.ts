import { Body, Controller, HttpCode, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { UpdateProfile } from './update-profile.command.js';
import { updateProfileRequest } from './update-profile.request.js';

@ApiTags('profiles')
@Controller('api/profile')
export class UpdateProfileController {
  constructor(private readonly commands: CommandBus) {}

  @Put()
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({
    summary:
      'Saves the signed-in user’s display name, phone (normalised to E.164, US by default) and time zone (one of the profile list, or null for the organisation’s); blank is stored as null.',
  })
  async update(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = validate(updateProfileRequest, body ?? {});
    await this.commands.execute(new UpdateProfile(input, requestContextOf(request, { type: 'user', id: user.userId })));
    return { success: true };
  }
}
