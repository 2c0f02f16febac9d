import type { ModuleRegistration } from '../../platform/module-registration.js';
import { Migration0016Payments } from './migrations/migration-0016-payments.js';
import { Migration0021DemoDisputes } from './migrations/migration-0021-demo-disputes.js';
import { Migration0022StripeCustomers } from './migrations/migration-0022-stripe-customers.js';
import { Migration0037DemoDisputeCards } from './migrations/migration-0037-demo-dispute-cards.js';
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
    { name: 'Migration0016Payments', class: Migration0016Payments },
    { name: 'Migration0021DemoDisputes', class: Migration0021DemoDisputes },
    { name: 'Migration0022StripeCustomers', class: Migration0022StripeCustomers },
    { name: 'Migration0037DemoDisputeCards', class: Migration0037DemoDisputeCards },
  ],
  secretColumns: [DEMO_WEBHOOK_SECRET],
  // The providers' webhooks to the portal are signed (Stripe's header; the demo provider's as Standard Webhooks).
  logRedactions: { headers: ['stripe-signature', 'webhook-signature'] },
};
