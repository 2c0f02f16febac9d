import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { recordingNotYours } from '../../../../platform/security/record-not-yours.js';
import { AssignLead } from './assign-lead.command.js';

const assignRequest = z.object({ assigneeId: z.uuid('Choose a member of one of your groups.').nullable() });

/** Giving leads to the members of one's groups; another agent's lead is not found (and recorded). */
@ApiTags('leads')
@Controller('api/leads')
@UseGuards(SessionGuard)
export class AssignLeadController {
  constructor(
    private readonly commands: CommandBus,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Post(':leadId/assign')
  @HttpCode(200)
  @ApiOperation({ summary: 'Gives one of the signed-in agent’s leads to a member of one of their groups (assigneeId), or takes it back (assigneeId null).' })
  async assign(@CurrentUser() user: AuthenticatedUser, @Param('leadId') rawLeadId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const leadId = validate(z.uuid('No such lead.'), rawLeadId, 'leadId');
    const { assigneeId } = validate(assignRequest, body);
    return recordingNotYours(this.moduleRef, request, user.userId, { codes: ['LEAD_NOT_FOUND'], resource: 'lead' }, () =>
      this.commands.execute(new AssignLead({ ownerId: user.userId, leadId, assigneeId }, requestContextOf(request, { type: 'user', id: user.userId }))),
    );
  }
}
