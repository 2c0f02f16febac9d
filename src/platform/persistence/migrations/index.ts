import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Platform } from './migration-0001-platform.js';

/** Every migration, in order. Names are stored in the migrations table: never rename one. */
export const migrations: MigrationObject[] = [{ name: 'Migration0001Platform', class: Migration0001Platform }];
