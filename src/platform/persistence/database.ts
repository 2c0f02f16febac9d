import path from 'node:path';

import type { PlatformConfig } from '../config/config.js';
import { projectRoot } from '../http/project-root.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

/** Written by `npm run build`: an embedded data folder with every migration applied. */
export const EMBEDDED_TEMPLATE_DIR = path.join(projectRoot(), 'dist', 'embedded-template');

export type DatabaseHandle = {
  readonly url: string;
  /** True when this process serves PGlite itself (no DATABASE_URL). */
  readonly embedded: boolean;
  /** True when the embedded data folder was created by this start (first run). */
  readonly freshlyCreated: boolean;
  close(): Promise<void>;
};

export async function openDatabase(config: Pick<PlatformConfig, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, embedded: false, freshlyCreated: false, close: async () => {} };
  }
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pgdata'), { templateDir: EMBEDDED_TEMPLATE_DIR });
  return { url: embedded.url, embedded: true, freshlyCreated: embedded.freshlyCreated, close: () => embedded.close() };
}

/** A database being opened ahead of the app (src/main.ts), and when that began. */
export type OpeningDatabase = { readonly database: Promise<DatabaseHandle>; readonly startedAt: number };

/** Starts opening the configured database now; a failure is thrown where it is awaited. */
export function startOpeningDatabase(config: Pick<PlatformConfig, 'databaseUrl' | 'dataDir'>): OpeningDatabase {
  const startedAt = performance.now();
  const opening = { database: openDatabase(config), startedAt };
  opening.database.catch(() => {}); // awaited later (openMigratedDatabase), which throws it
  return opening;
}
