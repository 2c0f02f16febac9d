import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER } from '../../../../platform/tokens.js';
import { TOKEN_USE_PER_IP } from '../../domain/auth-rate-limits.js';
import { ConfirmEmail } from './confirm-email.command.js';

const confirmRequest = z.object({ token: z.string().min(20, 'This confirmation link is not complete.').max(200) });

@ApiTags('auth')
@Controller('api/auth')
export class ConfirmEmailController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('confirm-email')
  @HttpCode(200)
  @ApiOperation({ summary: 'Confirms the e-mail address of an account with the token from its confirmation link.' })
  async confirm(@Body() body: unknown, @Req() request: FastifyRequest) {
    await enforce(this.limiter, [{ rule: TOKEN_USE_PER_IP, subject: request.ip }]);
    const { token } = validate(confirmRequest, body);
    await this.commands.execute(new ConfirmEmail({ token }, requestContextOf(request)));
    return { message: 'Your email is confirmed. You can sign in now.' };
  }
}
