import { Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { ResendDelivery } from './resend-delivery.command.js';

const uuid = (what: string) => z.uuid(`No such ${what}.`);

@ApiTags('integrations')
@Controller('api')
@UseGuards(SessionGuard)
export class ResendDeliveryController {
  constructor(private readonly commands: CommandBus) {}

  @Post('deliveries/:deliveryId/resend')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends one delivery again now (one still on its retry schedule is tried at once).' })
  async resend(@CurrentUser() user: AuthenticatedUser, @Param('deliveryId') rawId: string, @Req() request: FastifyRequest) {
    return this.commands.execute(
      new ResendDelivery({ deliveryId: validate(uuid('delivery'), rawId, 'deliveryId') }, requestContextOf(request, { type: 'user', id: user.userId })),
    );
  }
}
