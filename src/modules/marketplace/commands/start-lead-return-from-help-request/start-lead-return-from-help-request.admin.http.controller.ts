import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { HELP_REQUEST_NOT_FOUND } from '../../../support/contracts/help-requests.js';
import { MAX_RETURN_COMMENT } from '../../domain/lead.decider.js';
import { StartLeadReturnFromHelpRequest } from './start-lead-return-from-help-request.command.js';

const returnRequest = z.object({
  reason: z.string({ message: 'Choose why the lead is returned.' }),
  comment: z.string().max(MAX_RETURN_COMMENT, `A comment can be at most ${MAX_RETURN_COMMENT} characters.`).default(''),
});

/**
 * An admin starts the return of the lead a help request is about, for its agent: the return
 * names the request (the request's timeline shows it, the returns list links to it), and the
 * return window is counted to when the agent asked. It then waits for review like any return.
 */
@ApiTags('admin')
@Controller('api/admin/help-requests')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class StartLeadReturnFromHelpRequestController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':ticketId/lead-return')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Starts the return of the lead a help request is about, for its agent (reason from the list, optional comment; Idempotency-Key required); it waits for review in Lead Returns.',
  })
  async start(@CurrentUser() admin: AuthenticatedUser, @Param('ticketId') rawTicketId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const ticketId = validate(z.uuid(HELP_REQUEST_NOT_FOUND), rawTicketId, 'ticketId');
    const input = validate(returnRequest, body);
    const returnId = deterministicUuid('v4-variant-8', 'lead-return', ticketId, key);
    const { leadId } = await this.commands.execute(
      new StartLeadReturnFromHelpRequest(
        { ticketId, returnId, reason: input.reason, comment: input.comment },
        requestContextOf(request, { type: 'user', id: admin.userId }),
        `return:${returnId}`,
      ),
    );
    return { returnId, leadId, status: 'pending' };
  }
}
