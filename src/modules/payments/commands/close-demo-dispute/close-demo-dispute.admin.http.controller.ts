import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { CloseDemoDispute } from './close-demo-dispute.command.js';

const closeRequest = z.object({ outcome: z.enum(['won', 'lost'], { message: 'The outcome is won or lost' }) });

/** The demo provider's bank side of a dispute (a 4000 0000 0000 0259 payment), for admins trying the dispute flow end to end. */
@ApiTags('demo-pay')
@Controller('api/admin/demo-pay/disputes/:disputeId')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class CloseDemoDisputeController {
  constructor(private readonly commands: CommandBus) {}

  @Post('close')
  @HttpCode(200)
  @ApiOperation({ summary: 'Closes a demo dispute as won (the money returns to the wallet) or lost; the provider sends charge.dispute.closed.' })
  async close(@CurrentUser() admin: AuthenticatedUser, @Param('disputeId') disputeId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const id = validate(z.string().regex(/^dp_demo_[0-9a-f]{32}$/, 'No such dispute.'), disputeId, 'disputeId');
    const { outcome } = validate(closeRequest, body);
    return this.commands.execute(new CloseDemoDispute({ disputeId: id, outcome }, requestContextOf(request, { type: 'user', id: admin.userId })));
  }
}
