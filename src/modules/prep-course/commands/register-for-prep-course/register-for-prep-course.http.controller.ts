import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { requestContextOf } from '../../../../platform/http/request-client.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { RATE_LIMITER } from '../../../../platform/tokens.js';
import { PREP_REGISTER_PER_EMAIL, PREP_REGISTER_PER_IP } from '../../domain/prep-rate-limits.js';
import { RegisterForPrepCourse } from './register-for-prep-course.command.js';
import { emailOf, registrationInput } from './register-for-prep-course.request.js';

@ApiTags('prep-course')
@Controller('api/prep-course/registrations')
export class RegisterForPrepCourseController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Public: registers for a course weekend {firstName, lastName, office, email, dateIso (one offered), examAttempts, commitment: true}; the same e-mail for the same weekend updates the registration. Answers {registrationId, session, email: sent|delayed}. Limited per address and per e-mail; 409 when the weekend is full.',
  })
  async register(@Body() body: unknown, @Req() request: FastifyRequest) {
    const email = emailOf(body);
    await enforce(this.limiter, [{ rule: PREP_REGISTER_PER_IP, subject: request.ip }, ...(email ? [{ rule: PREP_REGISTER_PER_EMAIL, subject: email }] : [])]);
    const { input, honeypot } = registrationInput(body);
    return this.commands.execute(new RegisterForPrepCourse({ ...input, honeypot }, requestContextOf(request)));
  }
}
