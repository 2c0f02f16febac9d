import { Body, Controller, Delete, Get, Header, HttpCode, Inject, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';

import type { AuthenticatedUser } from '../../../platform/auth/session-store.js';
import { CurrentUser, SessionGuard } from '../../../platform/auth/session.guard.js';
import { toCsv } from '../../../platform/csv/csv.js';
import { userRequestContext } from '../../../platform/event-store/new-event.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { validate } from '../../../platform/http/validate.js';
import { recordingNotYours } from '../../../platform/security/record-not-yours.js';
import { SQL_POOL } from '../../../platform/tokens.js';
import { ChangeGroup, MAX_GROUP_MEMBERS, MAX_GROUP_NAME, type GroupChange } from './change-group/change-group.handler.js';
import { ImportGroups, type ImportReport } from './import-groups/import-groups.handler.js';
import { importRequest, readImportCsv } from './import-groups/import-groups.request.js';

const nameRequest = z.object({
  name: z.string({ message: 'Please enter a group name.' }).max(MAX_GROUP_NAME, `A group name is at most ${MAX_GROUP_NAME} characters.`),
});
const membersRequest = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().pipe(z.email('Please enter a valid e-mail address')), { message: 'Send the members’ e-mail addresses' })
    .min(1, 'Add at least one e-mail address')
    .max(MAX_GROUP_MEMBERS, `At most ${MAX_GROUP_MEMBERS} at a time`),
});
const groupId = z.uuid('No such group.');

/** /groups: the signed-in agent's groups and their members; another agent's group is not found (and recorded). */
@ApiTags('groups')
@Controller('api/groups')
@UseGuards(SessionGuard)
export class GroupsController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly moduleRef: ModuleRef,
  ) {}

  @Get()
  @ApiOperation({ summary: "The signed-in agent's groups with their member counts, by name." })
  async list(@CurrentUser() user: AuthenticatedUser) {
    const { rows } = await this.pool.query(
      `SELECT g.group_id AS "groupId", g.name, count(m.member_id)::int AS "memberCount", g.created_at AS "createdAt"
         FROM agent_groups g LEFT JOIN agent_group_members m ON m.group_id = g.group_id WHERE g.owner_id = $1 GROUP BY g.group_id ORDER BY lower(g.name)`,
      [user.userId],
    );
    return { groups: rows };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Creates a group.' })
  create(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.change(user, request, { type: 'create', name: validate(nameRequest, body).name });
  }

  @Get('export.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('content-disposition', 'attachment; filename="groups.csv"')
  @ApiOperation({
    summary: "All the agent's groups and their members as CSV (group name, member name, member email); a group without members has one row with its name only.",
  })
  async exportAll(@CurrentUser() user: AuthenticatedUser) {
    const { rows } = await this.pool.query<{ group: string; name: string | null; email: string | null }>(
      `SELECT g.name AS "group", coalesce(nullif(p.display_name, ''), u.email) AS name, u.email
         FROM agent_groups g LEFT JOIN agent_group_members m ON m.group_id = g.group_id LEFT JOIN users u ON u.id = m.member_id LEFT JOIN profiles p ON p.user_id = m.member_id
        WHERE g.owner_id = $1 ORDER BY lower(g.name), lower(coalesce(nullif(p.display_name, ''), u.email))`,
      [user.userId],
    );
    return toCsv(
      ['group name', 'member name', 'member email'],
      rows.map((row) => [row.group, row.name, row.email]),
    );
  }

  @Post('import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Imports a CSV (header row; columns group name and member email): makes missing groups, adds members, and answers each row.' })
  importCsv(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown, @Req() request: FastifyRequest): Promise<ImportReport> {
    const rows = readImportCsv(validate(importRequest, body).csv);
    return this.commands.execute(new ImportGroups(user.userId, rows, userRequestContext(user.userId, String(request.id))));
  }

  @Get(':groupId')
  @ApiOperation({ summary: 'One group with its members (name, e-mail, when added).' })
  async one(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Req() request: FastifyRequest) {
    const id = validate(groupId, raw, 'groupId');
    return recordingNotYours(this.moduleRef, request, user.userId, { codes: ['GROUP_NOT_FOUND'], resource: 'group' }, async () => {
      const { rows } = await this.pool.query<{ groupId: string; name: string; createdAt: string }>(
        'SELECT group_id AS "groupId", name, created_at AS "createdAt" FROM agent_groups WHERE group_id = $1 AND owner_id = $2',
        [id, user.userId],
      );
      if (!rows[0]) throw new ApiError(404, 'GROUP_NOT_FOUND', 'No such group.');
      return { ...rows[0], members: await this.members(id) };
    });
  }

  @Patch(':groupId')
  @ApiOperation({ summary: 'Renames a group.' })
  rename(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.change(user, request, { type: 'rename', groupId: validate(groupId, raw, 'groupId'), name: validate(nameRequest, body).name });
  }

  @Delete(':groupId')
  @ApiOperation({ summary: 'Deletes a group (its members keep their accounts).' })
  remove(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Req() request: FastifyRequest) {
    return this.change(user, request, { type: 'delete', groupId: validate(groupId, raw, 'groupId') });
  }

  @Post(':groupId/members')
  @HttpCode(200)
  @ApiOperation({ summary: 'Adds agents by e-mail; answers each address: added, already in the group, unknown (no account) or yourself.' })
  add(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Body() body: unknown, @Req() request: FastifyRequest) {
    return this.change(user, request, { type: 'add-members', groupId: validate(groupId, raw, 'groupId'), emails: validate(membersRequest, body).emails });
  }

  @Delete(':groupId/members/:memberId')
  @ApiOperation({ summary: 'Removes a member from the group.' })
  removeMember(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Param('memberId') member: string, @Req() request: FastifyRequest) {
    return this.change(user, request, {
      type: 'remove-member',
      groupId: validate(groupId, raw, 'groupId'),
      memberId: validate(z.uuid('No such member.'), member, 'memberId'),
    });
  }

  @Get(':groupId/members.csv')
  @Header('content-type', 'text/csv; charset=utf-8')
  @ApiOperation({ summary: "A group's members as CSV (name, email), for import elsewhere or back here." })
  async exportCsv(@CurrentUser() user: AuthenticatedUser, @Param('groupId') raw: string, @Req() request: FastifyRequest) {
    const { members } = await this.one(user, raw, request);
    return toCsv(
      ['name', 'email'],
      members.map((member) => [member.name, member.email]),
    );
  }

  private change(user: AuthenticatedUser, request: FastifyRequest, change: GroupChange) {
    return recordingNotYours(this.moduleRef, request, user.userId, { codes: ['GROUP_NOT_FOUND'], resource: 'group' }, () =>
      this.commands.execute(new ChangeGroup(user.userId, change, userRequestContext(user.userId, String(request.id)))),
    );
  }

  private async members(id: string): Promise<{ memberId: string; name: string; email: string; addedAt: string }[]> {
    const { rows } = await this.pool.query<{ memberId: string; name: string; email: string; addedAt: string }>(
      `SELECT m.member_id AS "memberId", coalesce(nullif(p.display_name, ''), u.email) AS name, u.email, m.added_at AS "addedAt"
         FROM agent_group_members m JOIN users u ON u.id = m.member_id LEFT JOIN profiles p ON p.user_id = m.member_id
        WHERE m.group_id = $1 ORDER BY lower(coalesce(nullif(p.display_name, ''), u.email))`,
      [id],
    );
    return rows;
  }
}
