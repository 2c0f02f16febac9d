import { lazyMigration, type LazyMigration } from '../../module-registration.js';

/** The platform's own migrations (event store, jobs, mail, outbox, rate limits, idempotency keys, snapshots). Names are stored: never rename one. */
export const PLATFORM_MIGRATIONS: readonly LazyMigration[] = [
  lazyMigration('Migration0001Platform', () => import('./migration-0001-platform.js')),
  lazyMigration('Migration0004Outbox', () => import('./migration-0004-outbox.js')),
  lazyMigration('Migration0005RateLimits', () => import('./migration-0005-rate-limits.js')),
  lazyMigration('Migration0014IdempotencyKeys', () => import('./migration-0014-idempotency-keys.js')),
  lazyMigration('Migration0018StreamSnapshots', () => import('./migration-0018-stream-snapshots.js')),
  lazyMigration('Migration0048IdempotentAnswerBytes', () => import('./migration-0048-idempotent-answer-bytes.js')),
  lazyMigration('Migration0053BackgroundJobs', () => import('./migration-0053-background-jobs.js')),
  lazyMigration('Migration0057DeferredIndexes', () => import('./migration-0057-deferred-indexes.js')),
  lazyMigration('Migration0069MailAttachments', () => import('./migration-0069-mail-attachments.js')),
  lazyMigration('Migration0071EventsByTypeInOrder', () => import('./migration-0071-events-by-type-in-order.js')),
  lazyMigration('Migration0075ReadHorizon', () => import('./migration-0075-read-horizon.js')),
];
