import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { MAX_GRANT_HOURS } from '../../domain/access-code.decider.js';
import { CreateAccessCode } from './create-access-code.command.js';

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
export class CreateAccessCodeController {
  constructor(private readonly commands: CommandBus) {}

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
}
