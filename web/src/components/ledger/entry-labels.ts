import type { LedgerActor, LedgerEntry } from '../../app/api/wallet';
import { formatCents } from '../../lib/money';

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

/**
 * What a row shows as its amount: the change of the available balance; for a lead paid from a
 * campaign's reserved funds (available unchanged, the reserve spent) the amount spent, marked so.
 */
export function shownAmount(e: Pick<LedgerEntry, 'amountCents' | 'postedChangeCents'>): { text: string; fromReserve: boolean; tone: string } {
  const signed = (cents: number) => formatCents(cents, { sign: 'always' });
  if (e.amountCents === 0 && e.postedChangeCents !== 0) return { text: signed(e.postedChangeCents), fromReserve: true, tone: 'text-slate-600' };
  return { text: signed(e.amountCents), fromReserve: false, tone: e.amountCents > 0 ? 'text-emerald-700' : 'text-slate-900' };
}
