import type { ModuleRegistration } from '../../platform/module-registration.js';
import { trainingConfig } from './training.config.js';

/** Agent training: no tables, only the training-video site's address. */
export const trainingRegistration: ModuleRegistration = {
  name: 'training',
  tables: [],
  migrations: [],
  config: trainingConfig,
};
