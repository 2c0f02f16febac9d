import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { validate } from '../../../platform/http/validate.js';
import { recordingNotYours } from '../../../platform/security/record-not-yours.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { AssignLead } from './assign-lead/assign-lead.handler.js';

const assignRequest = z.object({ assigneeId: z.uuid('Choose a member of one of your groups.').nullable() });

/** Giving leads to the members of one's groups, and the leads others gave the signed-in agent. */
@ApiTags('leads')
@Controller('api/leads')
@UseGuards(SessionGuard)
export class LeadAssignmentsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get('assignees')
  @ApiOperation({ summary: 'Whom the signed-in agent can give leads to: the members of their groups, each once, by name.' })
  async assignees(@CurrentUser() user: AuthenticatedUser) {
    const { rows } = await this.pool.query(
      `SELECT DISTINCT ON (u.id) u.id AS "userId", u.email, p.display_name AS "name"
         FROM agent_groups g JOIN agent_group_members m ON m.group_id = g.group_id JOIN users u ON u.id = m.member_id LEFT JOIN profiles p ON p.user_id = u.id
        WHERE g.owner_id = $1 ORDER BY u.id LIMIT 2000`,
      [user.userId],
    );
    return { assignees: (rows as { email: string; name: string | null }[]).sort((a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email)) };
  }

  @Get('assigned-to-me')
  @ApiOperation({ summary: 'The leads other agents gave the signed-in agent, newest first (at most 500).' })
  async assignedToMe(@CurrentUser() user: AuthenticatedUser) {
    const { rows } = await this.pool.query(
      `SELECT a.lead_id AS "leadId", l.first_name AS "firstName", l.last_name AS "lastName", l.phone, l.email, l.state, l.zip, l.source, l.tier,
              u.email AS "ownerEmail", a.how, a.assigned_at AS "assignedAt"
         FROM lead_assignments a JOIN rm_leads l ON l.lead_id = a.lead_id JOIN users u ON u.id = a.owner_id
        WHERE a.assignee_id = $1 ORDER BY a.assigned_at DESC LIMIT 500`,
      [user.userId],
    );
    return { leads: rows };
  }

  @Post(':leadId/assign')
  @HttpCode(200)
  @ApiOperation({ summary: 'Gives one of the signed-in agent’s leads to a member of one of their groups (assigneeId), or takes it back (assigneeId null).' })
  async assign(@CurrentUser() user: AuthenticatedUser, @Param('leadId') rawLeadId: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    const leadId = validate(z.uuid('No such lead.'), rawLeadId, 'leadId');
    const { assigneeId } = validate(assignRequest, body);
    return recordingNotYours(this.moduleRef, request, user.userId, { codes: ['LEAD_NOT_FOUND'], resource: 'lead' }, () =>
      this.commands.execute(new AssignLead(user.userId, leadId, assigneeId, userRequestContext(user.userId, String(request.id)))),
    );
  }
}
