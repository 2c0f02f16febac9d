import pg from 'pg';

import type { LazyMigration } from '../module-registration.js';

/**
 * Brings the database at `url` up to the newest of `migrations` (in that order); returns the names
 * of those it applied. A database whose schema is current costs one read of the applied names:
 * the migrations' code and MikroORM's migrator are loaded only when one is pending.
 */
export async function migrateDatabase(url: string, migrations: readonly LazyMigration[]): Promise<readonly string[]> {
  const applied = await appliedMigrations(url);
  if (migrations.every((migration) => applied.has(migration.name))) return [];
  const [{ runPendingMigrations }, classes] = await Promise.all([
    import('./mikro-migrator.js'),
    Promise.all(migrations.map(async (migration) => ({ name: migration.name, class: await migration.load() }))),
  ]);
  return runPendingMigrations(url, classes);
}

/** The names in schema_migrations; none before the first migration made the table. */
async function appliedMigrations(url: string): Promise<ReadonlySet<string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(`SELECT name FROM schema_migrations`);
    return new Set(rows.map((row) => row.name));
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return new Set();
    throw error;
  } finally {
    await client.end();
  }
}

/** The start-up line about migrations: which ran, or that none were pending. */
export function describeMigrations(applied: readonly string[], total: number): string {
  if (applied.length === 0) return `database schema up to date (${total} migrations, none pending)`;
  return `applied ${applied.length} pending migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}`;
}
