import type { ModuleRegistration } from '../../platform/module-registration.js';
import { Migration0007SecurityEvents } from './migrations/migration-0007-security-events.js';
import { Migration0008SecurityAlerts } from './migrations/migration-0008-security-alerts.js';
import { Migration0012SecurityAlertMerging } from './migrations/migration-0012-security-alert-merging.js';
import { SECURITY_TABLES } from './security.tables.js';

/** Security events and alerts: what the platform needs of this module before Nest starts. */
export const securityRegistration: ModuleRegistration = {
  name: 'security',
  tables: SECURITY_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    { name: 'Migration0007SecurityEvents', class: Migration0007SecurityEvents },
    { name: 'Migration0008SecurityAlerts', class: Migration0008SecurityAlerts },
    { name: 'Migration0012SecurityAlertMerging', class: Migration0012SecurityAlertMerging },
  ],
};
