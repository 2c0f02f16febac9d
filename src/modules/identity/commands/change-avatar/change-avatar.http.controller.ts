import { Body, Controller, HttpCode, Put, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { ChangeAvatar } from './change-avatar.command.js';

@ApiTags('profiles')
@Controller('api/profile')
export class ChangeAvatarController {
  constructor(private readonly commands: CommandBus) {}

  // Takes a file as its body: listed in identity.registration.ts's uploadRoutes (the support
  // desk's upload mechanism and its 10MB limit).
  @Put('avatar')
  @HttpCode(200)
  @UseGuards(SessionGuard)
  @ApiOperation({
    summary:
      'Replaces the signed-in user’s profile picture (body application/octet-stream, at most 10MB): an image by its bytes, re-encoded as a 256×256 WebP without its metadata.',
  })
  async change(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    if (!Buffer.isBuffer(body)) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the picture as application/octet-stream.');
    return this.commands.execute(new ChangeAvatar({ bytes: body }, requestContextOf(request, { type: 'user', id: user.userId })));
  }
}
