import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { ACCESS_TABLES } from './access.tables.js';

/** Access codes and the elevated access they grant: what the platform needs of this module before Nest starts. */
export const accessRegistration: ModuleRegistration = {
  name: 'access',
  tables: ACCESS_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0006AccessCodes', () => import('./migrations/migration-0006-access-codes.js')),
    lazyMigration('Migration0011AgentAccess', () => import('./migrations/migration-0011-agent-access.js')),
  ],
};
