import type { MigrationObject } from '@mikro-orm/core';

import { Migration0001Platform } from './migration-0001-platform.js';
import { Migration0004Outbox } from './migration-0004-outbox.js';
import { Migration0005RateLimits } from './migration-0005-rate-limits.js';
import { Migration0014IdempotencyKeys } from './migration-0014-idempotency-keys.js';
import { Migration0018StreamSnapshots } from './migration-0018-stream-snapshots.js';
import { Migration0048IdempotentAnswerBytes } from './migration-0048-idempotent-answer-bytes.js';
import { Migration0053BackgroundJobs } from './migration-0053-background-jobs.js';
import { Migration0057DeferredIndexes } from './migration-0057-deferred-indexes.js';
import { Migration0069MailAttachments } from './migration-0069-mail-attachments.js';
import { Migration0071EventsByTypeInOrder } from './migration-0071-events-by-type-in-order.js';

/** The platform's own migrations (event store, jobs, mail, outbox, rate limits, idempotency keys, snapshots). Names are stored: never rename one. */
export const PLATFORM_MIGRATIONS: readonly MigrationObject[] = [
  { name: 'Migration0001Platform', class: Migration0001Platform },
  { name: 'Migration0004Outbox', class: Migration0004Outbox },
  { name: 'Migration0005RateLimits', class: Migration0005RateLimits },
  { name: 'Migration0014IdempotencyKeys', class: Migration0014IdempotencyKeys },
  { name: 'Migration0018StreamSnapshots', class: Migration0018StreamSnapshots },
  { name: 'Migration0048IdempotentAnswerBytes', class: Migration0048IdempotentAnswerBytes },
  { name: 'Migration0053BackgroundJobs', class: Migration0053BackgroundJobs },
  { name: 'Migration0057DeferredIndexes', class: Migration0057DeferredIndexes },
  { name: 'Migration0069MailAttachments', class: Migration0069MailAttachments },
  { name: 'Migration0071EventsByTypeInOrder', class: Migration0071EventsByTypeInOrder },
];
