import type { ModuleRegistration } from '../../platform/module-registration.js';
import { integrationsConfig } from './integrations.config.js';
import { INTEGRATION_SECRETS } from './integrations.secrets.js';
import { INTEGRATIONS_TABLES } from './integrations.tables.js';
import { Migration0036Integrations } from './migrations/migration-0036-integrations.js';
import { Migration0038LeadDeliveries } from './migrations/migration-0038-lead-deliveries.js';
import { Migration0039CustomIntegrations } from './migrations/migration-0039-custom-integrations.js';
import { Migration0040TextdripConnections } from './migrations/migration-0040-textdrip-connections.js';
import { Migration0043SigningSecretRotation } from './migrations/migration-0043-signing-secret-rotation.js';

/** Integrations with CRMs, dialers and inboxes, and the leads delivered to them: what the platform needs of this module before Nest starts. */
export const integrationsRegistration: ModuleRegistration = {
  name: 'integrations',
  tables: INTEGRATIONS_TABLES,
  config: integrationsConfig,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    { name: 'Migration0036Integrations', class: Migration0036Integrations },
    { name: 'Migration0038LeadDeliveries', class: Migration0038LeadDeliveries },
    { name: 'Migration0039CustomIntegrations', class: Migration0039CustomIntegrations },
    { name: 'Migration0040TextdripConnections', class: Migration0040TextdripConnections },
    { name: 'Migration0043SigningSecretRotation', class: Migration0043SigningSecretRotation },
  ],
  secretColumns: [INTEGRATION_SECRETS],
  // VanillaSoft's posting URL is its credential; the admin send-leads bodies carry credentials; deliveries are signed.
  logRedactions: { fields: ['postingUrl', 'ringyCredentials', 'vanillaSoftConfig'], headers: ['webhook-signature'] },
  // Textdrip's connect window comes back to these.
  popupReturnPages: ['/textdrip/success', '/textdrip/failed'],
};
