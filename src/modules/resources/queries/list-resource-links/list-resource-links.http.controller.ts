import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';

import { Roles, RolesGuard } from '../../../../platform/auth/roles.guard.js';
import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ElevatedAccessGuard } from '../../../access/contracts/elevated-access.guard.js';
import { RESOURCE_TABS } from '../../contracts/resource-tabs.js';
import { resourceLinks } from './resource-links.query.js';

@ApiTags('resources')
@Controller('api/resources')
@UseGuards(SessionGuard, ElevatedAccessGuard)
export class ListResourceLinksController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: 'The Resources page: the seven tabs and the cards shown (hidden ones left out), in order.' })
  async list() {
    const resources = (await resourceLinks(this.pool, { includeHidden: false })).map(({ hidden: _hidden, position: _position, ...card }) => card);
    return { tabs: RESOURCE_TABS, resources };
  }
}

@ApiTags('admin')
@Controller('api/admin/resources')
@UseGuards(SessionGuard, RolesGuard)
@Roles('admin')
export class ListResourceLinksAdminController {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  @Get()
  @ApiOperation({ summary: 'Admins: every card, hidden ones too, with its tab and place.' })
  async list() {
    return { tabs: RESOURCE_TABS, resources: await resourceLinks(this.pool, { includeHidden: true }) };
  }
}
