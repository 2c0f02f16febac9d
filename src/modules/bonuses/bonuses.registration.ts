import type { ModuleRegistration } from '../../platform/module-registration.js';
import { bonusesConfig } from './bonuses.config.js';

/** Weekly bonuses (the rules, the marketplace service's week figures): what the platform needs of this module before Nest starts. */
export const bonusesRegistration: ModuleRegistration = {
  name: 'bonuses',
  // No read model yet: the week figures and the runs come with their tables.
  tables: [],
  migrations: [],
  config: bonusesConfig,
};
