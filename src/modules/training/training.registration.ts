import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { trainingConfig } from './training.config.js';
import { TRAINING_TABLES } from './training.tables.js';

/** Agent training: the training-video site's address and each agent's saved schedule progress. */
export const trainingRegistration: ModuleRegistration = {
  name: 'training',
  tables: TRAINING_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [lazyMigration('Migration0066TrainingProgress', () => import('./migrations/migration-0066-training-progress.js'))],
  config: trainingConfig,
};
