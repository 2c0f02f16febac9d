import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { marketplaceConfig } from './marketplace.config.js';
import { MARKETPLACE_TABLES } from './marketplace.tables.js';

/** The lead marketplace: campaigns, leads, vendors, aged leads, returns, groups: what the platform needs of this module before Nest starts. */
export const marketplaceRegistration: ModuleRegistration = {
  name: 'marketplace',
  tables: MARKETPLACE_TABLES,
  config: marketplaceConfig,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0023Campaigns', () => import('./migrations/migration-0023-campaigns.js')),
    lazyMigration('Migration0024LeadIntake', () => import('./migrations/migration-0024-lead-intake.js')),
    lazyMigration('Migration0025LeadPrices', () => import('./migrations/migration-0025-lead-prices.js')),
    lazyMigration('Migration0026CampaignBuyingOrder', () => import('./migrations/migration-0026-campaign-buying-order.js')),
    lazyMigration('Migration0027MyLeads', () => import('./migrations/migration-0027-my-leads.js')),
    lazyMigration('Migration0028AgedLeads', () => import('./migrations/migration-0028-aged-leads.js')),
    lazyMigration('Migration0029LeadReturns', () => import('./migrations/migration-0029-lead-returns.js')),
    lazyMigration('Migration0030Groups', () => import('./migrations/migration-0030-groups.js')),
    lazyMigration('Migration0031CampaignOffers', () => import('./migrations/migration-0031-campaign-offers.js')),
    lazyMigration('Migration0033BusinessLeads', () => import('./migrations/migration-0033-business-leads.js')),
    lazyMigration('Migration0034LeadAssignments', () => import('./migrations/migration-0034-lead-assignments.js')),
    lazyMigration('Migration0035AgedInventoryByTier', () => import('./migrations/migration-0035-aged-inventory-by-tier.js')),
    lazyMigration('Migration0041LeadNumbers', () => import('./migrations/migration-0041-lead-numbers.js')),
    lazyMigration('Migration0042CampaignReturns', () => import('./migrations/migration-0042-campaign-returns.js')),
    lazyMigration('Migration0044ReturnedLeadClosures', () => import('./migrations/migration-0044-returned-lead-closures.js')),
    lazyMigration('Migration0047BusinessLeadPrice', () => import('./migrations/migration-0047-business-lead-price.js')),
    lazyMigration('Migration0049AgedLeadVendors', () => import('./migrations/migration-0049-aged-lead-vendors.js')),
    lazyMigration('Migration0050GroupInvitations', () => import('./migrations/migration-0050-group-invitations.js')),
    lazyMigration('Migration0052AgedImports', () => import('./migrations/migration-0052-aged-imports.js')),
    lazyMigration('Migration0062LeadReturnTickets', () => import('./migrations/migration-0062-lead-return-tickets.js')),
  ],
};
