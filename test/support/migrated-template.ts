import { migrateDatabase } from '../../src/modules.js';
import { createScratchDatabase } from '../../src/platform/persistence/test-database.js';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** A PostgreSQL database migrated once for the run that nobody connects to, copied for each database a test needs of its own; null without DATABASE_URL. */
    migratedTemplate: string | null;
  }
}

export type MigratedTemplate = { readonly name: string; drop(): Promise<void> };

/** A database next to `baseUrl`, migrated once per test run, to copy (`CREATE DATABASE … TEMPLATE`) instead of migrating each new one. */
export async function migratedTemplate(baseUrl: string): Promise<MigratedTemplate> {
  const scratch = await createScratchDatabase(baseUrl, 'portal_tmpl');
  await migrateDatabase(scratch.url);
  return { name: new URL(scratch.url).pathname.slice(1), drop: () => scratch.drop() };
}
