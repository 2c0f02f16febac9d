import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Platform } from './migration-0001-platform.js';
import { Migration0002AuditLog } from './migration-0002-audit-log.js';
import { Migration0003Identity } from './migration-0003-identity.js';
import { Migration0004Outbox } from './migration-0004-outbox.js';
import { Migration0005RateLimits } from './migration-0005-rate-limits.js';
import { Migration0006AccessCodes } from './migration-0006-access-codes.js';
import { Migration0007SecurityEvents } from './migration-0007-security-events.js';
import { Migration0008SecurityAlerts } from './migration-0008-security-alerts.js';
import { Migration0009ExternalIdentities } from './migration-0009-external-identities.js';
import { Migration0010ApprovedEmails } from './migration-0010-approved-emails.js';
import { Migration0011AgentAccess } from './migration-0011-agent-access.js';
import { Migration0012SecurityAlertMerging } from './migration-0012-security-alert-merging.js';
import { Migration0013AuditLogBrowsing } from './migration-0013-audit-log-browsing.js';
import { Migration0014IdempotencyKeys } from './migration-0014-idempotency-keys.js';
import { Migration0015WalletReadModels } from './migration-0015-wallet-read-models.js';
import { Migration0018StreamSnapshots } from './migration-0018-stream-snapshots.js';
import { Migration0020Reconciliation } from './migration-0020-reconciliation.js';
import { Migration0021DemoDisputes } from './migration-0021-demo-disputes.js';
import { Migration0022StripeCustomers } from './migration-0022-stripe-customers.js';
import { Migration0023Campaigns } from './migration-0023-campaigns.js';
import { Migration0016Payments } from './migration-0016-payments.js';

/** Every migration, in order. Names are stored in the migrations table: never rename one. */
export const migrations: MigrationObject[] = [
  { name: 'Migration0001Platform', class: Migration0001Platform },
  { name: 'Migration0002AuditLog', class: Migration0002AuditLog },
  { name: 'Migration0003Identity', class: Migration0003Identity },
  { name: 'Migration0004Outbox', class: Migration0004Outbox },
  { name: 'Migration0005RateLimits', class: Migration0005RateLimits },
  { name: 'Migration0006AccessCodes', class: Migration0006AccessCodes },
  { name: 'Migration0007SecurityEvents', class: Migration0007SecurityEvents },
  { name: 'Migration0008SecurityAlerts', class: Migration0008SecurityAlerts },
  { name: 'Migration0009ExternalIdentities', class: Migration0009ExternalIdentities },
  { name: 'Migration0010ApprovedEmails', class: Migration0010ApprovedEmails },
  { name: 'Migration0011AgentAccess', class: Migration0011AgentAccess },
  { name: 'Migration0012SecurityAlertMerging', class: Migration0012SecurityAlertMerging },
  { name: 'Migration0013AuditLogBrowsing', class: Migration0013AuditLogBrowsing },
  { name: 'Migration0014IdempotencyKeys', class: Migration0014IdempotencyKeys },
  { name: 'Migration0015WalletReadModels', class: Migration0015WalletReadModels },
  { name: 'Migration0018StreamSnapshots', class: Migration0018StreamSnapshots },
  { name: 'Migration0020Reconciliation', class: Migration0020Reconciliation },
  { name: 'Migration0016Payments', class: Migration0016Payments },
  { name: 'Migration0021DemoDisputes', class: Migration0021DemoDisputes },
  { name: 'Migration0022StripeCustomers', class: Migration0022StripeCustomers },
  { name: 'Migration0023Campaigns', class: Migration0023Campaigns },
];
