import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { emailLinkRequest } from '../../services/email-link.js';
import { RequestPasswordReset } from './request-password-reset.command.js';

/** The same answer whether or not the address has an account: the reset flow tells a stranger nothing. */
const ANSWER = { message: "If this address has an account, we've sent it a password reset link." };

@ApiTags('auth')
@Controller('api/auth')
export class ForgotPasswordController {
  constructor(private readonly commands: CommandBus) {}

  @Post('forgot-password')
  @HttpCode(202)
  @ApiOperation({ summary: 'Mails a one-hour password reset link to the address, if it has an account.' })
  async forgot(@Body() body: unknown, @Req() request: FastifyRequest) {
    const { email } = validate(emailLinkRequest, body);
    await this.commands.execute(new RequestPasswordReset({ email }, requestContextOf(request)));
    return ANSWER;
  }
}
