import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { assistantConfig } from './assistant.config.js';
import { ASSISTANT_TABLES } from './assistant.tables.js';

/** The AI assistant: what the platform needs of it before Nest starts. */
export const assistantRegistration: ModuleRegistration = {
  name: 'assistant',
  tables: ASSISTANT_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0070Assistant', () => import('./migrations/migration-0070-assistant.js')),
    lazyMigration('Migration0076AssistantFeedback', () => import('./migrations/migration-0076-assistant-feedback.js')),
  ],
  config: assistantConfig,
};
