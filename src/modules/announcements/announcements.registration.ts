import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { ANNOUNCEMENTS_TABLES } from './announcements.tables.js';

/** What the organisation announces on every agent's profile: what the platform needs of this module before Nest starts. */
export const announcementsRegistration: ModuleRegistration = {
  name: 'announcements',
  tables: ANNOUNCEMENTS_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [lazyMigration('Migration0064Announcements', () => import('./migrations/migration-0064-announcements.js'))],
};
