import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { securityConfig } from './security.config.js';
import { SECURITY_TABLES } from './security.tables.js';

/** Security events and alerts: what the platform needs of this module before Nest starts. */
export const securityRegistration: ModuleRegistration = {
  name: 'security',
  tables: SECURITY_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0007SecurityEvents', () => import('./migrations/migration-0007-security-events.js')),
    lazyMigration('Migration0008SecurityAlerts', () => import('./migrations/migration-0008-security-alerts.js')),
    lazyMigration('Migration0012SecurityAlertMerging', () => import('./migrations/migration-0012-security-alert-merging.js')),
    lazyMigration('Migration0073SecurityAlertMailWindows', () => import('./migrations/migration-0073-security-alert-mail-windows.js')),
  ],
  config: securityConfig,
};
