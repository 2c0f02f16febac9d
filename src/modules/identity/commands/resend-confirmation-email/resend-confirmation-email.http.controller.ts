import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { emailLinkRequest } from '../../services/email-link.js';
import { ResendConfirmationEmail } from './resend-confirmation-email.command.js';

/** The same answer whether or not the address has an account: nobody learns who signed up. */
const ANSWER = { message: 'If this address has an account waiting for confirmation, we have sent a new link.' };

@ApiTags('auth')
@Controller('api/auth')
export class ResendConfirmationController {
  constructor(private readonly commands: CommandBus) {}

  @Post('resend-confirmation')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends a new confirmation link to an account that is not confirmed yet.' })
  async resend(@Body() body: unknown, @Req() request: FastifyRequest) {
    const { email } = validate(emailLinkRequest, body);
    await this.commands.execute(new ResendConfirmationEmail({ email }, requestContextOf(request)));
    return ANSWER;
  }
}
