import { Controller, Get, Inject, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';

import { SessionGuard } from '../../platform/auth/session.guard.js';
import { CONFIG } from '../../platform/tokens.js';
import { ElevatedAccessGuard } from '../access/contracts/elevated-access.guard.js';
import type { TrainingConfig } from './training.config.js';

@ApiTags('training')
@Controller('api/training')
export class TrainingVideoController {
  constructor(@Inject(CONFIG) private readonly config: TrainingConfig) {}

  /** "Watch the training videos" on each training schedule opens this in a new tab; only full or elevated access gets through. */
  @Get('video')
  @UseGuards(SessionGuard, ElevatedAccessGuard)
  @ApiOperation({ summary: 'Sends a work-account or elevated user on to the training-video site (302); others get 403 ACCESS_CODE_REQUIRED.' })
  open(@Res() reply: FastifyReply) {
    return reply.redirect(this.config.trainingVideoUrl, 302);
  }
}
