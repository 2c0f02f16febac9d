import { describe, expect, it } from 'vitest';

import { sourcesUnder } from '../test/support/source-tree.js';
import { MIGRATIONS, MODULE_LOG_REDACTIONS, MODULE_REGISTRATIONS, POPUP_RETURN_PAGES, SECRET_COLUMNS } from './modules.js';
import { lazyMigration, migrationNumber, migrationsInOrder } from './platform/module-registration.js';
import { PLATFORM_MIGRATIONS } from './platform/persistence/migrations/platform-migrations.js';

/** Every migration ever applied, by the name stored in schema_migrations: none renamed, none lost. */
const APPLIED = [
  'Migration0001Platform',
  'Migration0002AuditLog',
  'Migration0003Identity',
  'Migration0004Outbox',
  'Migration0005RateLimits',
  'Migration0006AccessCodes',
  'Migration0007SecurityEvents',
  'Migration0008SecurityAlerts',
  'Migration0009ExternalIdentities',
  'Migration0010ApprovedEmails',
  'Migration0011AgentAccess',
  'Migration0012SecurityAlertMerging',
  'Migration0013AuditLogBrowsing',
  'Migration0014IdempotencyKeys',
  'Migration0015WalletReadModels',
  'Migration0016Payments',
  'Migration0018StreamSnapshots',
  'Migration0020Reconciliation',
  'Migration0021DemoDisputes',
  'Migration0022StripeCustomers',
  'Migration0023Campaigns',
  'Migration0024LeadIntake',
  'Migration0025LeadPrices',
  'Migration0026CampaignBuyingOrder',
  'Migration0027MyLeads',
  'Migration0028AgedLeads',
  'Migration0029LeadReturns',
  'Migration0030Groups',
  'Migration0031CampaignOffers',
  'Migration0033BusinessLeads',
  'Migration0034LeadAssignments',
  'Migration0035AgedInventoryByTier',
  'Migration0036Integrations',
  'Migration0037DemoDisputeCards',
  'Migration0038LeadDeliveries',
  'Migration0039CustomIntegrations',
  'Migration0040TextdripConnections',
  'Migration0041LeadNumbers',
  'Migration0042CampaignReturns',
  'Migration0043SigningSecretRotation',
  'Migration0044ReturnedLeadClosures',
  'Migration0045AuditLogUnusedIndexes',
  'Migration0046UserDirectory',
  'Migration0047BusinessLeadPrice',
  'Migration0048IdempotentAnswerBytes',
  'Migration0049AgedLeadVendors',
  'Migration0050GroupInvitations',
  'Migration0052AgedImports',
  'Migration0053BackgroundJobs',
  'Migration0054Tickets',
  'Migration0057DeferredIndexes',
  'Migration0058TicketConversation',
  'Migration0059HelpRequestFilters',
  'Migration0060TicketSearch',
  'Migration0061TicketReferences',
  'Migration0062LeadReturnTickets',
  'Migration0063ChosenTimeZone',
  'Migration0064Announcements',
  'Migration0065Bonuses',
  'Migration0066TrainingProgress',
  'Migration0067ResourceLinks',
  'Migration0068PrepCourse',
  'Migration0069MailAttachments',
  'Migration0070Assistant',
  'Migration0071EventsByTypeInOrder',
  'Migration0072MessagesPerTicket',
  'Migration0073SecurityAlertMailWindows',
];

describe('the modules the platform is told of', () => {
  it('keeps every migration ever applied, under its stored name, in number order', () => {
    const names = MIGRATIONS.map((migration) => migration.name);
    expect(names.slice(0, APPLIED.length)).toEqual(APPLIED);
    expect(names.map(migrationNumber)).toEqual([...names.map(migrationNumber)].sort((a, b) => a - b));
  });

  it("registers exactly the migrations in each module's migrations/ folder, each class under its own name", async () => {
    for (const module of [
      { name: 'platform', migrations: PLATFORM_MIGRATIONS, folder: 'src/platform/persistence/migrations' },
      ...MODULE_REGISTRATIONS.map((m) => ({ ...m, folder: `src/modules/${m.name}/migrations` })),
    ]) {
      const inFolder = sourcesUnder(module.folder)
        .filter(({ file }) => /migration-\d{4}-/.test(file))
        .map(({ text }) => /export class (Migration\d{4}\w+)/.exec(text)![1]);
      expect(module.migrations.map((migration) => migration.name).sort(), module.name).toEqual(inFolder.sort());
      for (const migration of module.migrations) expect((await migration.load()).name).toBe(migration.name);
    }
  });

  it('refuses two migrations with one number, and a name without one', () => {
    const { load } = PLATFORM_MIGRATIONS[0]!;
    expect(() => migrationsInOrder([[{ name: 'Migration0045Tickets', load }], [{ name: 'Migration0045Bonuses', load }]])).toThrow(/share a number/);
    expect(() => migrationNumber('AddTickets')).toThrow(/Migration<4 digits>/);
  });

  it('refuses a migration whose module does not export its class under its name', async () => {
    await expect(lazyMigration('Migration0099Missing', async () => ({ Migration0098Other: class {} })).load()).rejects.toThrow(
      /exports no class Migration0099Missing/,
    );
  });

  it('names each module once', () => {
    const names = MODULE_REGISTRATIONS.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('hands the platform what modules register beyond their tables: credentials never logged, pages connect windows come back to', () => {
    expect(MODULE_LOG_REDACTIONS.fields).toEqual(expect.arrayContaining(['postingUrl', 'ringyCredentials', 'vanillaSoftConfig']));
    expect(MODULE_LOG_REDACTIONS.headers).toEqual(expect.arrayContaining(['stripe-signature', 'webhook-signature']));
    expect(POPUP_RETURN_PAGES).toEqual(['/textdrip/success', '/textdrip/failed']);
  });

  it('rotates the secret columns the modules register, each in a table of the module that registers it', () => {
    expect(SECRET_COLUMNS.map((c) => `${c.table}.${c.column}`).sort()).toEqual(['demo_pay_settings.webhook_secret', 'integration_secrets.value']);
    for (const module of MODULE_REGISTRATIONS) {
      for (const column of module.secretColumns ?? []) expect(module.tables, `${module.name}: ${column.table}`).toContain(column.table);
    }
  });
});
