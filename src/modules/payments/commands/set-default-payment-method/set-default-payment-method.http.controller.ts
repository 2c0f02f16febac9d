import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { CARD_NOT_YOURS, cardIdParam } from '../../services/card-requests.js';
import { SetDefaultPaymentMethod } from './set-default-payment-method.command.js';

@ApiTags('payments')
@Controller('api/payments')
@UseGuards(SessionGuard)
export class SetDefaultPaymentMethodController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post('methods/:id/default')
  @HttpCode(200)
  @ApiOperation({ summary: 'set-default-payment-method for the signed-in agent.' })
  async setDefault(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Req() request: FastifyRequest) {
    const context = requestContextOf(request, { type: 'user', id: user.userId });
    await recordingNotYours(this.moduleRef, request, user.userId, CARD_NOT_YOURS, () =>
      this.commands.execute(new SetDefaultPaymentMethod({ userId: user.userId, cardId: validate(cardIdParam, id, 'id') }, context)),
    );
    return { success: true };
  }
}
