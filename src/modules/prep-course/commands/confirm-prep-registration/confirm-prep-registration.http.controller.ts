import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';

import { idempotencyKeyOf, idempotent } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import type { PrepRegistered } from '../../contracts/prep-form.js';
import { ConfirmPrepRegistration } from './confirm-prep-registration.command.js';
import { confirmationToken } from './confirmation-token.request.js';

@ApiTags('prep-course')
@Controller('api/prep-course/confirmations')
export class ConfirmPrepRegistrationController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Public: follows a mailed confirmation link {token} (Idempotency-Key required): the registration or change it was sent for takes effect, once. ' +
      'Answers {status: registered, registrationId, session, updated, email}; 404 for an unknown link, 410 for a used or expired one, 409 when the weekend is full, cancelled or started.',
  })
  async confirm(@Body() body: unknown, @Req() request: FastifyRequest): Promise<PrepRegistered> {
    const key = idempotencyKeyOf(request.headers, 'A confirmation needs');
    const token = confirmationToken(body);
    // Not limited per e-mail or address: nothing anyone else does stops an owner following their link.
    const answer = await idempotent<PrepRegistered>(this.pool, { scope: 'prep-course-confirmation', key, payload: { token } }, async () => ({
      status: 200,
      body: await this.commands.execute(new ConfirmPrepRegistration({ token }, requestContextOf(request), key)),
    }));
    return answer.body;
  }
}
