import { Body, Controller, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { OptionalSessionGuard, SignedInUserOrNull } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import type { PrepRegistrationAnswer } from '../../contracts/prep-form.js';
import { PREP_REGISTER_PER_IP } from '../../domain/prep-rate-limits.js';
import { RegisterForPrepCourse } from './register-for-prep-course.command.js';
import { registrationInput } from './register-for-prep-course.request.js';

@ApiTags('prep-course')
@Controller('api/prep-course/registrations')
@UseGuards(OptionalSessionGuard)
export class RegisterForPrepCourseController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post()
  @ApiOperation({
    summary:
      'Public: registers for a course weekend {firstName, lastName, office, email, dateIso (one offered), examAttempts, commitment: true} (Idempotency-Key required). ' +
      'A signed-in agent naming their own account e-mail is registered at once: 201 {status: registered, registrationId, session, updated, email: sent|delayed}. ' +
      'Anyone else, and any change to an existing registration, waits for the link mailed to the address: 202 {status: pending, session, email}. ' +
      'Limited per address; changes also per e-mail; 409 when the weekend is full.',
  })
  async register(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @SignedInUserOrNull() user: AuthenticatedUser | null,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await enforce(this.limiter, [{ rule: PREP_REGISTER_PER_IP, subject: request.ip }]);
    const key = idempotencyKeyOf(request.headers, 'A registration needs');
    const { input, honeypot } = registrationInput(body);
    const actor = user ? ({ type: 'user', id: user.userId } as const) : undefined;
    const answer = await idempotent<PrepRegistrationAnswer>(
      this.pool,
      { scope: `prep-course-registration:${user?.userId ?? 'visitor'}`, key, payload: { route: 'prep-course-registration', body } },
      async () => {
        const result = await this.commands.execute(
          new RegisterForPrepCourse({ ...input, honeypot, signedInEmail: user?.email ?? null }, requestContextOf(request, actor), key),
        );
        return { status: result.status === 'registered' ? 201 : 202, body: result };
      },
    );
    void reply.status(answer.status);
    return answer.body;
  }
}
