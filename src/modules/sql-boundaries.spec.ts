import { describe, expect, it } from 'vitest';

import { sourcesUnder, type SourceFile } from '../../test/support/source-tree.js';
import { MODULE_REGISTRATIONS } from '../modules.js';
import { PLATFORM_TABLES } from '../platform/persistence/tables.js';

/** Each owner's tables, as it declares them. */
const OWNERS: Record<string, readonly string[]> = {
  platform: PLATFORM_TABLES,
  ...Object.fromEntries(MODULE_REGISTRATIONS.map((module) => [module.name, module.tables])),
};

/** The read-only views a module lets the others read (its public face in SQL), by owner. */
const PUBLIC_VIEWS: Record<string, readonly string[]> = Object.fromEntries(MODULE_REGISTRATIONS.map((module) => [module.name, module.publicViews ?? []]));

/** Where each owner's SQL lives: its module folder and the read models its projections write. */
const SOURCES: Record<string, readonly string[]> = {
  platform: ['src/platform'],
  audit: ['src/modules/audit', 'projections/audit'],
  access: ['src/modules/access', 'projections/access'],
  identity: ['src/modules/identity'],
  security: ['src/modules/security', 'projections/security'],
  wallet: ['src/modules/wallet', 'projections/wallet', 'projections/finance'],
  payments: ['src/modules/payments'],
  marketplace: ['src/modules/marketplace', 'projections/marketplace'],
  integrations: ['src/modules/integrations'],
};

/**
 * SQL that names another module's table today, by file. Each is a read to move behind the
 * owner's contracts/ (docs/plans/one-shape-server.md, "SQL boundaries"); the list only shrinks:
 * an entry that no longer happens fails the test too, so it is taken out when its read moves.
 */
const NOT_YET_MOVED: Record<string, readonly string[]> = {};

const ownerOf = new Map(Object.entries(OWNERS).flatMap(([owner, tables]) => tables.map((table) => [table, owner] as const)));
const viewOwnerOf = new Map(Object.entries(PUBLIC_VIEWS).flatMap(([owner, views]) => views.map((view) => [view, owner] as const)));
// Upper-case SQL keywords only: the code base writes SQL in capitals, and `from` is also JavaScript's.
const TABLE_REFERENCE = /\b(?:FROM|JOIN|UPDATE|INTO|TABLE)\s+(?:ONLY\s+|IF\s+(?:NOT\s+)?EXISTS\s+)?([a-z_][a-z0-9_]*)\b/g;
const WRITE_REFERENCE = /\b(?:UPDATE|INTO|TABLE|VIEW)\s+(?:ONLY\s+|IF\s+(?:NOT\s+)?EXISTS\s+)?([a-z_][a-z0-9_]*)\b/g;
const MIGRATION_FOLDERS = ['src/platform/persistence/migrations', ...MODULE_REGISTRATIONS.map((module) => `src/modules/${module.name}/migrations`)];

/** Migrations are history: one that already ran is never edited, so this crossing stays (the finance role came with the wallet). */
const APPLIED_CROSSINGS: Record<string, readonly string[]> = {
  'src/modules/wallet/migrations/migration-0015-wallet-read-models.ts': ['user_roles'],
};

function tablesNamedIn({ text }: SourceFile): string[] {
  return [...text.matchAll(TABLE_REFERENCE)].map((match) => match[1]!);
}

function tablesWrittenIn({ text }: SourceFile): string[] {
  return [...text.matchAll(WRITE_REFERENCE)].map((match) => match[1]!);
}

/** file → the other owners' tables its SQL names. */
function crossings(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [owner, folders] of Object.entries(SOURCES)) {
    for (const source of folders.flatMap(sourcesUnder)) {
      const allowed = APPLIED_CROSSINGS[source.file] ?? [];
      const foreign = [
        ...new Set(
          tablesNamedIn(source).filter(
            (table) => ownerOf.has(table) && ownerOf.get(table) !== owner && ownerOf.get(table) !== 'platform' && !allowed.includes(table),
          ),
        ),
      ];
      // Another module's public view may be read, never written.
      const writtenViews = tablesWrittenIn(source).filter((view) => viewOwnerOf.has(view) && viewOwnerOf.get(view) !== owner);
      foreign.push(...new Set(writtenViews));
      if (foreign.length > 0) found[source.file] = foreign.sort();
    }
  }
  return found;
}

describe('each module owns its tables', () => {
  it('gives every table a migration creates exactly one owner, and declares no table that does not exist', () => {
    const created = new Set(
      MIGRATION_FOLDERS.flatMap(sourcesUnder).flatMap(({ text }) =>
        [...text.matchAll(/CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)/g)].map((m) => m[1]!),
      ),
    );
    const declared = Object.values(OWNERS).flat();
    expect(declared.length, 'a table declared by two owners').toBe(new Set(declared).size);
    expect([...created].filter((table) => !ownerOf.has(table)).sort(), 'tables nobody declares').toEqual([]);
    // schema_migrations is MikroORM's, made by the migrator itself.
    expect(declared.filter((table) => !created.has(table) && table !== 'schema_migrations').sort(), 'declared tables no migration makes').toEqual([]);
  });

  it("makes each public view in its owner's migrations, under a name no table has", () => {
    for (const [owner, views] of Object.entries(PUBLIC_VIEWS)) {
      const made = new Set(
        sourcesUnder(`src/modules/${owner}/migrations`).flatMap(({ text }) =>
          [...text.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?VIEW\s+([a-z_][a-z0-9_]*)/g)].map((m) => m[1]!),
        ),
      );
      expect(
        views.filter((view) => !made.has(view)),
        `${owner}'s public views no migration of its own makes`,
      ).toEqual([]);
      expect(
        views.filter((view) => ownerOf.has(view)),
        `${owner}'s public views named like a table`,
      ).toEqual([]);
    }
  });

  it("keeps each module's SQL (and the platform's) to its own tables and the platform's", () => {
    expect(crossings()).toEqual(NOT_YET_MOVED);
  });

  it('finds a table of another module wherever the SQL names it', () => {
    const sample = `SELECT u.email FROM users u JOIN\n  rm_wallet_holds h ON true; UPDATE ONLY lead_deliveries SET x = 1; INSERT INTO jobs VALUES (1); import { a } from 'users';`;
    expect([...sample.matchAll(TABLE_REFERENCE)].map((m) => m[1])).toEqual(['users', 'rm_wallet_holds', 'lead_deliveries', 'jobs']);
    const viewUse = `SELECT d.email FROM user_directory d; UPDATE user_directory SET email = ''; INSERT INTO user_directory VALUES (1)`;
    expect(
      [...viewUse.matchAll(WRITE_REFERENCE)].map((m) => m[1]),
      'writes to a view',
    ).toEqual(['user_directory', 'user_directory']);
  });
});
