import { Controller, Get, Inject, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { SessionGuard } from '../../../../platform/auth/session.guard.js';
import { CONFIG } from '../../../../platform/tokens.js';
import { RETURN_REASONS } from '../../contracts/lead-events.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';

@ApiTags('leads')
@Controller('api')
@UseGuards(SessionGuard)
export class GetReturnReasonsController {
  constructor(@Inject(CONFIG) private readonly config: MarketplaceConfig) {}

  @Get('leads/return-reasons')
  @ApiOperation({ summary: 'The reasons a lead may be returned for, and the return window in days.' })
  reasons() {
    return { reasons: Object.entries(RETURN_REASONS).map(([code, label]) => ({ code, label })), windowDays: this.config.leads.returnDays };
  }
}
