import type { ModuleRegistration } from '../../platform/module-registration.js';
import { assistantConfig } from './assistant.config.js';
import { ASSISTANT_TABLES } from './assistant.tables.js';
import { Migration0070Assistant } from './migrations/migration-0070-assistant.js';

/** The AI assistant: what the platform needs of it before Nest starts. */
export const assistantRegistration: ModuleRegistration = {
  name: 'assistant',
  tables: ASSISTANT_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [{ name: 'Migration0070Assistant', class: Migration0070Assistant }],
  config: assistantConfig,
};
