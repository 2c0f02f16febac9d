import { Controller, Get, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import type { FileStorage } from '../../../../platform/files/file-storage.port.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { validate } from '../../../../platform/http/validate.js';
import { FILE_STORAGE } from '../../../../platform/tokens.js';
import { avatarKey } from '../../services/avatar-image.js';

const NO_PICTURE = 'No profile picture';

/** Profile pictures, for signed-in users only: the portal's people see each other's, nobody outside does. */
@ApiTags('profiles')
@Controller('api/profile/avatar')
export class GetAvatarController {
  constructor(@Inject(FILE_STORAGE) private readonly files: FileStorage) {}

  @Get(':userId')
  @UseGuards(SessionGuard)
  @ApiOperation({ summary: 'A user’s profile picture (image/webp), for signed-in users.' })
  async get(@Param('userId') rawUserId: string, @Res() reply: FastifyReply) {
    const userId = validate(z.uuid(NO_PICTURE), rawUserId, 'userId');
    const bytes = await this.files.get(avatarKey(userId));
    if (!bytes) throw new ApiError(404, 'AVATAR_NOT_FOUND', NO_PICTURE);
    // The address changes with each upload (?v=), so a browser may keep a copy for a while.
    return reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=86400')
      .header('content-disposition', 'inline')
      .send(bytes);
  }
}
