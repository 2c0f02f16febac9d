import type { ModuleRegistration } from '../../platform/module-registration.js';
import { ACCESS_TABLES } from './access.tables.js';
import { Migration0006AccessCodes } from './migrations/migration-0006-access-codes.js';
import { Migration0011AgentAccess } from './migrations/migration-0011-agent-access.js';

/** Access codes and the elevated access they grant: what the platform needs of this module before Nest starts. */
export const accessRegistration: ModuleRegistration = {
  name: 'access',
  tables: ACCESS_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    { name: 'Migration0006AccessCodes', class: Migration0006AccessCodes },
    { name: 'Migration0011AgentAccess', class: Migration0011AgentAccess },
  ],
};
