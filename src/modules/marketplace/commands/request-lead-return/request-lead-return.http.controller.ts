import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { idempotencyKeyOf } from '../../../../platform/http/idempotency.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { MAX_RETURN_COMMENT } from '../../domain/lead.decider.js';
import { RequestLeadReturn } from './request-lead-return.command.js';

const returnRequest = z.object({
  reason: z.string({ message: 'Choose why you are returning this lead.' }),
  comment: z.string().max(MAX_RETURN_COMMENT, `A comment can be at most ${MAX_RETURN_COMMENT} characters.`).default(''),
});

const returnIdOf = (ownerId: string, key: string) => deterministicUuid('v4-variant-8', 'lead-return', ownerId, key);

@ApiTags('leads')
@Controller('api')
@UseGuards(SessionGuard)
export class RequestLeadReturnController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post('leads/:leadId/returns')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Asks to return one of the signed-in agent’s leads (reason from the list, optional comment) within the return window (Idempotency-Key required).',
  })
  async request(@CurrentUser() user: AuthenticatedUser, @Param('leadId') rawLeadId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const key = idempotencyKeyOf(request.headers);
    const leadId = validate(z.uuid('No such lead.'), rawLeadId, 'leadId');
    const input = validate(returnRequest, body);
    const returnId = returnIdOf(user.userId, key);
    await recordingNotYours(this.moduleRef, request, user.userId, { codes: ['LEAD_NOT_FOUND'], resource: 'lead' }, () =>
      this.commands.execute(
        new RequestLeadReturn(
          { leadId, returnId, ownerId: user.userId, reason: input.reason, comment: input.comment },
          requestContextOf(request, { type: 'user', id: user.userId }),
          `return:${returnId}`,
        ),
      ),
    );
    return { returnId, leadId, status: 'pending' };
  }
}
