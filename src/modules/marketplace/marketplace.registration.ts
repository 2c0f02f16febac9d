import type { ModuleRegistration } from '../../platform/module-registration.js';
import { marketplaceConfig } from './marketplace.config.js';
import { MARKETPLACE_TABLES } from './marketplace.tables.js';
import { Migration0023Campaigns } from './migrations/migration-0023-campaigns.js';
import { Migration0024LeadIntake } from './migrations/migration-0024-lead-intake.js';
import { Migration0025LeadPrices } from './migrations/migration-0025-lead-prices.js';
import { Migration0026CampaignBuyingOrder } from './migrations/migration-0026-campaign-buying-order.js';
import { Migration0027MyLeads } from './migrations/migration-0027-my-leads.js';
import { Migration0028AgedLeads } from './migrations/migration-0028-aged-leads.js';
import { Migration0029LeadReturns } from './migrations/migration-0029-lead-returns.js';
import { Migration0030Groups } from './migrations/migration-0030-groups.js';
import { Migration0031CampaignOffers } from './migrations/migration-0031-campaign-offers.js';
import { Migration0033BusinessLeads } from './migrations/migration-0033-business-leads.js';
import { Migration0034LeadAssignments } from './migrations/migration-0034-lead-assignments.js';
import { Migration0035AgedInventoryByTier } from './migrations/migration-0035-aged-inventory-by-tier.js';
import { Migration0041LeadNumbers } from './migrations/migration-0041-lead-numbers.js';
import { Migration0042CampaignReturns } from './migrations/migration-0042-campaign-returns.js';
import { Migration0044ReturnedLeadClosures } from './migrations/migration-0044-returned-lead-closures.js';
import { Migration0047BusinessLeadPrice } from './migrations/migration-0047-business-lead-price.js';
import { Migration0049AgedLeadVendors } from './migrations/migration-0049-aged-lead-vendors.js';
import { Migration0050GroupInvitations } from './migrations/migration-0050-group-invitations.js';
import { Migration0052AgedImports } from './migrations/migration-0052-aged-imports.js';
import { Migration0062LeadReturnTickets } from './migrations/migration-0062-lead-return-tickets.js';

/** The lead marketplace: campaigns, leads, vendors, aged leads, returns, groups: what the platform needs of this module before Nest starts. */
export const marketplaceRegistration: ModuleRegistration = {
  name: 'marketplace',
  tables: MARKETPLACE_TABLES,
  config: marketplaceConfig,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    { name: 'Migration0023Campaigns', class: Migration0023Campaigns },
    { name: 'Migration0024LeadIntake', class: Migration0024LeadIntake },
    { name: 'Migration0025LeadPrices', class: Migration0025LeadPrices },
    { name: 'Migration0026CampaignBuyingOrder', class: Migration0026CampaignBuyingOrder },
    { name: 'Migration0027MyLeads', class: Migration0027MyLeads },
    { name: 'Migration0028AgedLeads', class: Migration0028AgedLeads },
    { name: 'Migration0029LeadReturns', class: Migration0029LeadReturns },
    { name: 'Migration0030Groups', class: Migration0030Groups },
    { name: 'Migration0031CampaignOffers', class: Migration0031CampaignOffers },
    { name: 'Migration0033BusinessLeads', class: Migration0033BusinessLeads },
    { name: 'Migration0034LeadAssignments', class: Migration0034LeadAssignments },
    { name: 'Migration0035AgedInventoryByTier', class: Migration0035AgedInventoryByTier },
    { name: 'Migration0041LeadNumbers', class: Migration0041LeadNumbers },
    { name: 'Migration0042CampaignReturns', class: Migration0042CampaignReturns },
    { name: 'Migration0044ReturnedLeadClosures', class: Migration0044ReturnedLeadClosures },
    { name: 'Migration0047BusinessLeadPrice', class: Migration0047BusinessLeadPrice },
    { name: 'Migration0049AgedLeadVendors', class: Migration0049AgedLeadVendors },
    { name: 'Migration0050GroupInvitations', class: Migration0050GroupInvitations },
    { name: 'Migration0052AgedImports', class: Migration0052AgedImports },
    { name: 'Migration0062LeadReturnTickets', class: Migration0062LeadReturnTickets },
  ],
};
