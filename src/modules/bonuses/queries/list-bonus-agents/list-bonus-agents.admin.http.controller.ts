import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { bonusWeekOf, weeksInProgram } from '../../domain/bonus-week.js';
import { allBonusAgents } from '../../services/bonus-agents.js';

@ApiTags('admin')
@Controller('api/admin/bonus-agents')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListBonusAgentsController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({
    summary: 'Every agent’s bonus settings (agent number, commission role, program start, blue-report track) and their week in the program now.',
  })
  async list() {
    const week = bonusWeekOf(new Date());
    const agents = await allBonusAgents(this.pool);
    return { agents: agents.map((agent) => ({ ...agent, weeksInProgram: weeksInProgram(agent.programStartDate, week) })) };
  }
}
