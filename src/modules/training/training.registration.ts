import type { ModuleRegistration } from '../../platform/module-registration.js';
import { Migration0066TrainingProgress } from './migrations/migration-0066-training-progress.js';
import { trainingConfig } from './training.config.js';
import { TRAINING_TABLES } from './training.tables.js';

/** Agent training: the training-video site's address and each agent's saved schedule progress. */
export const trainingRegistration: ModuleRegistration = {
  name: 'training',
  tables: TRAINING_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [{ name: 'Migration0066TrainingProgress', class: Migration0066TrainingProgress }],
  config: trainingConfig,
};
