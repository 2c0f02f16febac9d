import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { paymentsConfig } from './payments.config.js';
import { DEMO_WEBHOOK_SECRET } from './payments.secrets.js';
import { PAYMENTS_TABLES } from './payments.tables.js';

/** Card payments, saved cards and the demo provider: what the platform needs of this module before Nest starts. */
export const paymentsRegistration: ModuleRegistration = {
  name: 'payments',
  tables: PAYMENTS_TABLES,
  config: paymentsConfig,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0016Payments', () => import('./migrations/migration-0016-payments.js')),
    lazyMigration('Migration0021DemoDisputes', () => import('./migrations/migration-0021-demo-disputes.js')),
    lazyMigration('Migration0022StripeCustomers', () => import('./migrations/migration-0022-stripe-customers.js')),
    lazyMigration('Migration0037DemoDisputeCards', () => import('./migrations/migration-0037-demo-dispute-cards.js')),
  ],
  secretColumns: [DEMO_WEBHOOK_SECRET],
  // The providers' webhooks to the portal are signed (Stripe's header; the demo provider's as Standard Webhooks).
  logRedactions: { headers: ['stripe-signature', 'webhook-signature'] },
};
