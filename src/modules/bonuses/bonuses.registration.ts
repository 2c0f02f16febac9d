import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { bonusesConfig } from './bonuses.config.js';
import { BONUSES_TABLES } from './bonuses.tables.js';

/** Weekly bonuses (agents' settings, the marketplace service's week figures, the runs): what the platform needs of this module before Nest starts. */
export const bonusesRegistration: ModuleRegistration = {
  name: 'bonuses',
  tables: BONUSES_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [lazyMigration('Migration0065Bonuses', () => import('./migrations/migration-0065-bonuses.js'))],
  config: bonusesConfig,
};
