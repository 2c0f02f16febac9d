import type { LedgerActor, LedgerEntry } from '../../app/api/wallet';

const TYPE_LABELS: Record<string, string> = {
  FundsDeposited: 'Deposit',
  WalletCharged: 'Purchase',
  HoldPlaced: 'Funds reserved',
  HoldIncreased: 'Reserve increased',
  HoldCaptured: 'Lead charge',
  HoldReleased: 'Reserve returned',
  HoldExpired: 'Reserve expired',
  TransferSent: 'Transfer sent',
  TransferReceived: 'Transfer received',
  PaymentRefunded: 'Refund',
  DisputeOpened: 'Dispute',
  DisputeWon: 'Dispute won',
  DebtRepaid: 'Debt repaid',
  BonusCredited: 'Bonus',
  LeadReturnCredited: 'Lead return',
  BalanceAdjusted: 'Adjustment',
  TestCreditAdded: 'Test credit',
};

/** An entry's type as a person says it. */
export const typeLabel = (entry: Pick<LedgerEntry, 'type'>) => TYPE_LABELS[entry.type] ?? entry.type;

const CAUSE_LABELS: Record<string, string> = {
  payment: 'Card payment',
  lead: 'Lead',
  campaign: 'Campaign',
  'aged-package': 'Aged-lead package',
  'business-leads': 'Business leads',
  transfer: 'Transfer',
  refund: 'Refund',
  dispute: 'Dispute',
  bonus: 'Bonus',
  adjustment: 'Admin adjustment',
  'test-credit': 'Test credit (testing page)',
  'auto-recharge': 'Auto-recharge',
};

export const causeLabel = (cause: LedgerEntry['cause']) => `${CAUSE_LABELS[cause.kind] ?? cause.kind} ${cause.id}`;

export const STATUS_LABELS: Record<LedgerEntry['status'], string> = { completed: 'Completed', reserved: 'Reserved', released: 'Released' };

/** Who caused an entry: the person (name and e-mail) or the system job. */
export function actorLabel(actor: LedgerActor): string {
  if (actor.type === 'user') {
    if (actor.email) return actor.displayName ? `${actor.displayName} (${actor.email})` : actor.email;
    return `User ${actor.id}`;
  }
  if (actor.type === 'system') return `System (${actor.id})`;
  return `Operator (${actor.id})`;
}

export const formatWhen = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
