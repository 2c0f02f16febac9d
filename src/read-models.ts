import { accessCodesProjection } from '../projections/access/access-codes/access-codes.projection.js';
import { agentAccessProjection } from '../projections/access/agent-access/agent-access.projection.js';
import { announcementNoticesProjection } from '../projections/announcements/announcement-notices/announcement-notices.projection.js';
import { answerFeedbackProjection } from '../projections/assistant/answer-feedback/answer-feedback.projection.js';
import { auditLogProjection } from '../projections/audit/audit-log/audit-log.projection.js';
import { bonusRunsProjection } from '../projections/bonuses/bonus-runs/bonus-runs.projection.js';
import { weekPerformanceProjection } from '../projections/bonuses/week-performance/week-performance.projection.js';
import { cardPostingsProjection } from '../projections/finance/card-postings/card-postings.projection.js';
import { profileNoticesProjection } from '../projections/identity/profile-notices/profile-notices.projection.js';
import { campaignsProjection } from '../projections/marketplace/campaigns/campaigns.projection.js';
import { leadsProjection } from '../projections/marketplace/leads/leads.projection.js';
import { resourceNoticesProjection } from '../projections/resources/resource-notices/resource-notices.projection.js';
import { securityEventsProjection } from '../projections/security/security-events/security-events.projection.js';
import { ticketsProjection } from '../projections/support/tickets/tickets.projection.js';
import { trainingNoticesProjection } from '../projections/training/training-notices/training-notices.projection.js';
import { ledgerAccountsProjection } from '../projections/wallet/ledger-accounts/ledger-accounts.projection.js';
import { walletBalancesProjection } from '../projections/wallet/wallet-balances/wallet-balances.projection.js';
import { walletLedgerProjection } from '../projections/wallet/wallet-ledger/wallet-ledger.projection.js';
import { walletTransfersProjection } from '../projections/wallet/wallet-transfers/wallet-transfers.projection.js';
import type { Projection } from './platform/projections/projection.js';

/** Every read model of the app, handed to the platform by AppModule; `npm run projections:rebuild` knows them by name. */
export const APP_PROJECTIONS: readonly Projection[] = [
  auditLogProjection,
  accessCodesProjection,
  agentAccessProjection,
  securityEventsProjection,
  cardPostingsProjection,
  // The wallet's read models.
  walletBalancesProjection,
  walletLedgerProjection,
  ledgerAccountsProjection,
  walletTransfersProjection,
  // The marketplace's read models.
  campaignsProjection,
  leadsProjection,
  // The support desk's read model.
  ticketsProjection,
  // The bonuses' read models.
  weekPerformanceProjection,
  bonusRunsProjection,
  // Everyone's browsers hear of new, edited and deleted announcements.
  announcementNoticesProjection,
  // A user's other tabs hear of their profile's changes.
  profileNoticesProjection,
  // An agent's other tabs and devices hear of their training ticks.
  trainingNoticesProjection,
  // Everyone's browsers hear of the resource links an admin changed.
  resourceNoticesProjection,
  // The answers agents marked not helpful, for the admins' assistant page.
  answerFeedbackProjection,
];
