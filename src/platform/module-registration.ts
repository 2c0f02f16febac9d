import type { ConfigSection } from './config/config-section.js';
import type { LogRedactions } from './logging/logging.js';
import type { SecretColumn } from './secrets/secret-columns.js';

/**
 * What the platform needs to know of a module before Nest starts (the migrator and the logger
 * come first): the tables it owns, the migrations that make them, its environment variables, the
 * log fields and headers that carry its credentials, and the pages a provider's connect window comes back to. Each
 * module exports one from `<module>.registration.ts`; `src/modules.ts` lists them and hands
 * them to the platform, which imports no module.
 */
export type ModuleRegistration = {
  readonly name: string;
  readonly tables: readonly string[];
  /** Read-only views of its tables that other modules' SQL may read (never write). */
  readonly publicViews?: readonly string[];
  readonly migrations: readonly LazyMigration[];
  /** Its environment variables and the settings read from them, parsed with the platform's before anything starts. */
  readonly config?: ConfigSection<object>;
  /** Columns whose values are encrypted at rest (re-encrypted by `npm run secrets:rotate`). */
  readonly secretColumns?: readonly SecretColumn[];
  /** Never logged, beside the platform's own list (passwords, tokens, keys, cookies). */
  readonly logRedactions?: LogRedactions;
  /** Pages opened in a window the portal opened (a provider's connect flow), served without an opener policy. */
  readonly popupReturnPages?: readonly string[];
  /** Routes (Fastify's route pattern) that take one file as an `application/octet-stream` body, up to MAX_FILE_BYTES. */
  readonly uploadRoutes?: readonly string[];
};

/**
 * A migration by its name, its code loaded only when it has to run: a start whose schema is
 * current reads the list of applied names and loads no migration (nor MikroORM's migrator).
 */
export type LazyMigration = {
  readonly name: string;
  load(): Promise<MigrationClass>;
};

/** What MikroORM's migrator constructs and runs. */
export type MigrationClass = new (...args: never[]) => object;

/** `name` is the class the module at `load` exports, and the name stored in schema_migrations. */
export function lazyMigration(name: string, load: () => Promise<Record<string, unknown>>): LazyMigration {
  return {
    name,
    async load() {
      const migration = (await load())[name];
      if (typeof migration !== 'function') throw new Error(`The module of migration ${name} exports no class ${name}`);
      return migration as MigrationClass;
    },
  };
}

/** A migration's number, from its name (`Migration0023Campaigns` → 23). */
export function migrationNumber(name: string): number {
  const match = /^Migration(\d{4})[A-Z]/.exec(name);
  if (!match) throw new Error(`Migration ${name} is not named Migration<4 digits><Name>`);
  return Number(match[1]);
}

/**
 * Every migration of the platform and the modules, in the order of their numbers: a new
 * migration takes the next free number, in whichever module it belongs to. Two with one number
 * are refused, since the order between them would be undefined.
 */
export function migrationsInOrder(lists: readonly (readonly LazyMigration[])[]): LazyMigration[] {
  const all = lists.flat().sort((a, b) => migrationNumber(a.name) - migrationNumber(b.name));
  for (let i = 1; i < all.length; i++) {
    if (migrationNumber(all[i]!.name) === migrationNumber(all[i - 1]!.name)) {
      throw new Error(`Migrations ${all[i - 1]!.name} and ${all[i]!.name} share a number`);
    }
  }
  return all;
}
