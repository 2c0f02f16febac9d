import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER } from '../../../../platform/tokens.js';
import { SIGN_UP_PER_IP } from '../../domain/auth-rate-limits.js';
import { SignUp } from './sign-up.command.js';
import { signUpRequest } from './sign-up.request.js';

@ApiTags('auth')
@Controller('api/auth')
export class SignUpController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('sign-up')
  @HttpCode(201)
  @ApiOperation({ summary: 'Creates an account and sends the e-mail that confirms it; sign-in works once it is confirmed.' })
  async signUp(@Body() body: unknown, @Req() request: FastifyRequest) {
    await enforce(this.limiter, [{ rule: SIGN_UP_PER_IP, subject: request.ip }]);
    const input = validate(signUpRequest, body);
    await this.commands.execute(new SignUp(input, requestContextOf(request)));
    return { message: 'Please check your email to verify your account, then sign in.' };
  }
}
