import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../../platform/auth/session.guard.js';
import { requestContextOf } from '../../../../platform/http/request-client.js';
import { validate } from '../../../../platform/http/validate.js';
import { ImportGroups, type ImportReport } from './import-groups.command.js';
import { importRequest, readImportCsv } from './import-groups.request.js';

@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class ImportGroupsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('import')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Imports a CSV (header row; columns group name and member email): makes missing groups, invites the addresses (alike whether or not an account has one), and answers each row.',
  })
  importCsv(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest): Promise<ImportReport> {
    const rows = readImportCsv(validate(importRequest, body).csv);
    return this.commands.execute(new ImportGroups({ ownerId: user.userId, rows }, requestContextOf(request, { type: 'user', id: user.userId })));
  }
}
