import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { integrationsConfig } from './integrations.config.js';
import { INTEGRATION_SECRETS } from './integrations.secrets.js';
import { INTEGRATIONS_TABLES } from './integrations.tables.js';

/** Integrations with CRMs, dialers and inboxes, and the leads delivered to them: what the platform needs of this module before Nest starts. */
export const integrationsRegistration: ModuleRegistration = {
  name: 'integrations',
  tables: INTEGRATIONS_TABLES,
  config: integrationsConfig,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0036Integrations', () => import('./migrations/migration-0036-integrations.js')),
    lazyMigration('Migration0038LeadDeliveries', () => import('./migrations/migration-0038-lead-deliveries.js')),
    lazyMigration('Migration0039CustomIntegrations', () => import('./migrations/migration-0039-custom-integrations.js')),
    lazyMigration('Migration0040TextdripConnections', () => import('./migrations/migration-0040-textdrip-connections.js')),
    lazyMigration('Migration0043SigningSecretRotation', () => import('./migrations/migration-0043-signing-secret-rotation.js')),
  ],
  secretColumns: [INTEGRATION_SECRETS],
  // VanillaSoft's posting URL is its credential; the admin send-leads bodies carry credentials; deliveries are signed.
  logRedactions: { fields: ['postingUrl', 'ringyCredentials', 'vanillaSoftConfig'], headers: ['webhook-signature'] },
  // Textdrip's connect window comes back to these.
  popupReturnPages: ['/textdrip/success', '/textdrip/failed'],
};
