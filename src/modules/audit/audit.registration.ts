import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { AUDIT_TABLES } from './audit.tables.js';

/** The audit log: what the platform needs of this module before Nest starts. */
export const auditRegistration: ModuleRegistration = {
  name: 'audit',
  tables: AUDIT_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0002AuditLog', () => import('./migrations/migration-0002-audit-log.js')),
    lazyMigration('Migration0013AuditLogBrowsing', () => import('./migrations/migration-0013-audit-log-browsing.js')),
    lazyMigration('Migration0045AuditLogUnusedIndexes', () => import('./migrations/migration-0045-audit-log-unused-indexes.js')),
  ],
};
