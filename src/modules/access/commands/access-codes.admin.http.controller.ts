import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../platform/http/request-client.js';
import { validate } from '../../../platform/http/validate.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { MAX_GRANT_HOURS } from '../domain/access-code.decider.js';
import { CreateAccessCode } from './create-access-code/create-access-code.command.js';
import { DisableAccessCode } from './disable-access-code/disable-access-code.command.js';

const createRequest = z.object({
  label: z.string().trim().min(1, 'Give the code a label, e.g. the cohort it is for').max(100, 'Label is too long'),
  grantsHours: z
    .number({ message: 'Hours of access must be a number' })
    .int('Hours of access must be a whole number')
    .min(1, 'At least 1 hour')
    .max(MAX_GRANT_HOURS, `At most ${MAX_GRANT_HOURS} hours`),
  expiresAt: z.iso.datetime({ offset: true, message: 'Expiry must be a date and time' }).nullish(),
  maxUses: z.number().int('Maximum uses must be a whole number').min(1, 'Maximum uses must be at least 1').nullish(),
});

@ApiTags('admin')
@Controller('api/admin/access-codes')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class AccessCodesAdminController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every access code with its uses; never the codes themselves.' })
  async list() {
    const { rows } = await this.pool.query(
      `SELECT code_id AS "codeId", label, grants_hours AS "grantsHours", expires_at AS "expiresAt", max_uses AS "maxUses", uses, disabled, created_at AS "createdAt"
         FROM rm_access_codes ORDER BY created_at DESC`,
    );
    return { codes: rows };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Creates a code and returns it once; only its hash is kept.' })
  async create(@CurrentUser() admin: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    const input = validate(createRequest, body);
    return this.commands.execute(
      new CreateAccessCode(
        { label: input.label, grantsHours: input.grantsHours, expiresAt: input.expiresAt ? new Date(input.expiresAt) : null, maxUses: input.maxUses ?? null },
        requestContextOf(request, { type: 'user', id: admin.userId }),
      ),
    );
  }

  @Post(':codeId/disable')
  @HttpCode(200)
  @ApiOperation({ summary: 'Disables a code: it no longer unlocks anything.' })
  async disable(@CurrentUser() admin: AuthenticatedUser, @Param('codeId') codeId: string, @Req() request: FastifyRequest) {
    validate(z.uuid('No such access code.'), codeId, 'codeId');
    await this.commands.execute(new DisableAccessCode({ codeId }, requestContextOf(request, { type: 'user', id: admin.userId })));
    return { success: true };
  }
}
