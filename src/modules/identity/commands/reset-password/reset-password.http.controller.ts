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
import { passwordProblem } from '../../domain/password-policy.js';
import { ResetPassword } from './reset-password.command.js';

const resetRequest = z
  .object({
    token: z.string().min(20, 'This reset link is not complete.').max(200),
    password: z.string({ message: 'Password is required' }),
  })
  .superRefine((value, context) => {
    const problem = passwordProblem(value.password);
    if (problem) context.addIssue({ code: 'custom', path: ['password'], message: problem });
  });

@ApiTags('auth')
@Controller('api/auth')
export class ResetPasswordController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post('reset-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sets a new password with the token from a reset link; ends every session of the account.' })
  async reset(@Body() body: unknown, @Req() request: FastifyRequest) {
    await enforce(this.limiter, [{ rule: TOKEN_USE_PER_IP, subject: request.ip }]);
    const { token, password } = validate(resetRequest, body);
    await this.commands.execute(new ResetPassword({ token, password }, requestContextOf(request)));
    return { message: 'Password updated successfully' };
  }
}
