import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { validateForm } from '../../validate-form.js';
import { ResendFailedDeliveries } from './resend-failed-deliveries.command.js';

const uuid = (what: string) => z.uuid(`No such ${what}.`);
const resendFailed = z.object({
  since: z.iso.datetime({ message: 'Since is a time like 2026-11-25T09:00:00Z', offset: true }).transform((value) => new Date(value)),
});

@ApiTags('integrations')
@Controller('api')
@UseGuards(SessionGuard)
export class ResendFailedDeliveriesController {
  constructor(private readonly commands: CommandBus) {}

  @Post('integration-connections/:integrationId/resend-failed')
  @HttpCode(202)
  @ApiOperation({ summary: 'Sends again every failed or held delivery of one integration since a time (at most 1,000 at once).' })
  async resendFailed(@CurrentUser() user: AuthenticatedUser, @Param('integrationId') rawId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const { since } = validateForm(resendFailed, body);
    return this.commands.execute(
      new ResendFailedDeliveries(
        { integrationId: validate(uuid('integration'), rawId, 'integrationId'), since },
        requestContextOf(request, { type: 'user', id: user.userId }),
      ),
    );
  }
}
