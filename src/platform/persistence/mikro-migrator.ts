import type { MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';

import type { MigrationClass } from '../module-registration.js';

const MIGRATION_LOCK = 727001;

/**
 * Applies every pending one of `migrations` (in that order) with MikroORM's migrator and returns
 * their names; safe to call from several processes at once. Loaded only when a migration is pending.
 */
export async function runPendingMigrations(url: string, migrations: readonly { name: string; class: MigrationClass }[]): Promise<string[]> {
  const orm = await MikroORM.init({
    clientUrl: url,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList: migrations as MigrationObject[],
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
      tableName: 'schema_migrations',
    },
    pool: { min: 0, max: 2 },
    allowGlobalContext: false,
    debug: false,
  });
  // Two processes starting together (api + worker) must not both migrate. The lock lives
  // on its own connection so lock and unlock are sure to meet.
  const lock = new pg.Client({ connectionString: url });
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return (await orm.getMigrator().up()).map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await lock.end().catch(() => {});
    await orm.close(true);
  }
}
