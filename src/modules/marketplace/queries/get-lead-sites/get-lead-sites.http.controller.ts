import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

import { CONFIG } from '../../../../platform/tokens.js';
import type { MarketplaceConfig } from '../../marketplace.config.js';

/** The external lead sites of the Lead Management page (/leads), from the server's configuration. */
@ApiTags('leads')
@Controller('api/lead-sites')
export class GetLeadSitesController {
  constructor(@Inject(CONFIG) private readonly config: MarketplaceConfig) {}

  @Get()
  @ApiOperation({ summary: "The Data Leads and Aged Leads sites the Lead Management page's cards open in a new tab (DATA_LEADS_URL, AGED_LEADS_URL)." })
  sites() {
    return { dataLeadsUrl: this.config.leadSites.dataLeadsUrl, agedLeadsUrl: this.config.leadSites.agedLeadsUrl };
  }
}
