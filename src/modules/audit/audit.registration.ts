import type { ModuleRegistration } from '../../platform/module-registration.js';
import { AUDIT_TABLES } from './audit.tables.js';
import { Migration0002AuditLog } from './migrations/migration-0002-audit-log.js';
import { Migration0013AuditLogBrowsing } from './migrations/migration-0013-audit-log-browsing.js';
import { Migration0045AuditLogUnusedIndexes } from './migrations/migration-0045-audit-log-unused-indexes.js';

/** The audit log: what the platform needs of this module before Nest starts. */
export const auditRegistration: ModuleRegistration = {
  name: 'audit',
  tables: AUDIT_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    { name: 'Migration0002AuditLog', class: Migration0002AuditLog },
    { name: 'Migration0013AuditLogBrowsing', class: Migration0013AuditLogBrowsing },
    { name: 'Migration0045AuditLogUnusedIndexes', class: Migration0045AuditLogUnusedIndexes },
  ],
};
