import type { MigrationObject } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type EntitySchema } from '@mikro-orm/postgresql';
import pg from 'pg';

type OrmOptions = {
  readonly url: string;
  readonly poolSize: number;
  readonly entities: readonly EntitySchema[];
  readonly migrations: readonly MigrationObject[];
};

async function createOrm(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: options.url,
    entities: [...options.entities],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList: [...options.migrations],
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
      tableName: 'schema_migrations',
    },
    pool: { min: 0, max: options.poolSize },
    allowGlobalContext: false,
    debug: false,
  });
}

const MIGRATION_LOCK = 727001;

/** Applies every pending migration and returns their names; safe to call from several processes at once. */
async function migrate(orm: MikroORM, url: string): Promise<string[]> {
  // Two processes starting together (api + worker) must not both migrate. The lock lives
  // on its own connection so lock and unlock are sure to meet.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return (await orm.getMigrator().up()).map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await lock.end();
  }
}

/** Brings the database at `url` up to the newest of `migrations` (in that order); returns the names of those it applied. */
export async function migrateDatabase(url: string, migrations: readonly MigrationObject[]): Promise<readonly string[]> {
  const orm = await createOrm({ url, poolSize: 2, entities: [], migrations });
  try {
    return await migrate(orm, url);
  } finally {
    await orm.close(true);
  }
}

/** The start-up line about migrations: which ran, or that none were pending. */
export function describeMigrations(applied: readonly string[], total: number): string {
  if (applied.length === 0) return `database schema up to date (${total} migrations, none pending)`;
  return `applied ${applied.length} pending migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}`;
}
