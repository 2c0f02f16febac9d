import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { RESOURCES_TABLES } from './resources.tables.js';

/** The Resources page's links, which admins edit: what the platform needs of this module before Nest starts. */
export const resourcesRegistration: ModuleRegistration = {
  name: 'resources',
  tables: RESOURCES_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [lazyMigration('Migration0067ResourceLinks', () => import('./migrations/migration-0067-resource-links.js'))],
};
