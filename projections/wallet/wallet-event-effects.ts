import { agentAccount, agentDebtAccount, postingsOf, WALLET_EVENT_TYPES, type WalletEvent } from '../../src/modules/wallet/contracts/wallet-events.js';
import type { RecordedEvent } from '../../src/platform/event-store/event-store.port.js';

/** The topic browsers refetch the wallet figures and history on. */
/** A saved card was charged by auto-recharge: a notice, not a read model to refetch. */
export const AUTO_RECHARGE_TOPIC = 'auto-recharge';

export const WALLET_TOPIC = 'wallet';

const TYPES = new Set<string>(WALLET_EVENT_TYPES);

/** The wallet event in a recorded event of a `wallet-<userId>` stream, or null for anything else. */
export function walletEventOf(recorded: RecordedEvent): WalletEvent | null {
  if (!recorded.streamId.startsWith('wallet-') || !TYPES.has(recorded.type)) return null;
  return { type: recorded.type, data: recorded.data } as WalletEvent;
}

/** How the event moves the agent's posted balance (account `agent:<userId>`), from its postings. */
export function postedChangeOf(event: WalletEvent): number {
  const agent = agentAccount(event.data.userId);
  return postingsOf(event).reduce((sum, p) => sum + (p.to === agent ? p.amountCents : 0) - (p.from === agent ? p.amountCents : 0), 0);
}

/** How the event moves what the agent owes: money leaving `agent-debt:<userId>` is owed, money arriving repays it. */
export function debtChangeOf(event: WalletEvent): number {
  const debt = agentDebtAccount(event.data.userId);
  return postingsOf(event).reduce((sum, p) => sum + (p.from === debt ? p.amountCents : 0) - (p.to === debt ? p.amountCents : 0), 0);
}

/** The hold an event is about, if any. */
export function holdIdOf(event: WalletEvent): string | null {
  switch (event.type) {
    case 'HoldPlaced':
    case 'HoldIncreased':
    case 'HoldCaptured':
    case 'HoldReleased':
    case 'HoldExpired':
      return event.data.holdId;
    default:
      return null;
  }
}

export type CauseRef = { readonly kind: string; readonly id: string };

/** Why the money moved (for hold events without their own cause, null: the hold's cause applies). */
export function causeOf(event: WalletEvent): CauseRef | null {
  switch (event.type) {
    case 'FundsDeposited':
      return event.data.autoRecharge ? { kind: 'auto-recharge', id: event.data.paymentId } : { kind: 'payment', id: event.data.paymentId };
    case 'WalletCharged':
    case 'HoldPlaced':
    case 'HoldCaptured':
    case 'DebtRepaid':
      return event.data.cause;
    case 'HoldIncreased':
    case 'HoldReleased':
    case 'HoldExpired':
      return null;
    case 'TransferSent':
    case 'TransferReceived':
      return { kind: 'transfer', id: event.data.transferId };
    case 'PaymentRefunded':
      return { kind: 'refund', id: event.data.refundId };
    case 'DisputeOpened':
    case 'DisputeWon':
    case 'DisputeLost':
      return { kind: 'dispute', id: event.data.disputeId };
    case 'BonusCredited':
      return { kind: 'bonus', id: event.data.bonusId };
    case 'LeadReturnCredited':
      return { kind: 'lead', id: event.data.leadId };
    case 'BalanceAdjusted':
      return { kind: 'adjustment', id: event.data.adjustmentId };
    case 'TestCreditAdded':
      return { kind: 'test-credit', id: event.data.creditId };
  }
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const withNote = (text: string, note: string) => (note.trim() ? `${text}: ${note.trim()}` : text);

/** A line a person reads in the history: what this entry was. */
export function descriptionOf(event: WalletEvent): string {
  switch (event.type) {
    case 'FundsDeposited':
      return `${event.data.autoRecharge ? 'Auto-recharge card top-up' : 'Card top-up'}${event.data.provider === 'demo' ? ' (demo card)' : ''}`;
    case 'WalletCharged':
    case 'HoldCaptured':
      return event.data.description;
    case 'HoldPlaced':
      return `Funds reserved for ${event.data.cause.kind === 'aged-package' ? 'an aged-lead package' : `a ${event.data.cause.kind}`}`;
    case 'HoldIncreased':
      return 'Reserved funds increased';
    case 'HoldReleased':
      return withNote(event.data.closed ? 'Reserved funds returned (hold closed)' : 'Reserved funds returned', event.data.reason);
    case 'HoldExpired':
      return 'Reserved funds returned (hold expired)';
    case 'TransferSent':
      return withNote(`Transfer to ${event.data.recipientEmail}`, event.data.description);
    case 'TransferReceived':
      return withNote(`Transfer from ${event.data.senderEmail}`, event.data.description);
    case 'PaymentRefunded':
      return event.data.fromDebtCents > 0 ? `Refund to card (${dollars(event.data.fromDebtCents)} of it owed as debt)` : 'Refund to card';
    case 'DisputeOpened':
      return event.data.fromDebtCents > 0 ? `Card payment disputed (${dollars(event.data.fromDebtCents)} of it owed as debt)` : 'Card payment disputed';
    case 'DisputeWon':
      return event.data.toDebtCents > 0 ? `Dispute won: money returned (${dollars(event.data.toDebtCents)} repaid debt)` : 'Dispute won: money returned';
    case 'DisputeLost':
      return 'Dispute lost';
    case 'DebtRepaid':
      return 'Debt repaid';
    case 'BonusCredited':
      return `Weekly bonus, week of ${event.data.week}`;
    case 'LeadReturnCredited':
      return 'Lead return approved: the lead’s price back';
    case 'BalanceAdjusted':
      if (event.data.refundOf) return withNote(`Refund of entry #${event.data.refundOf.entrySeq} (help request)`, event.data.reason);
      return withNote(event.data.direction === 'credit' ? 'Adjustment (credit)' : 'Adjustment (debit)', event.data.reason);
    case 'TestCreditAdded':
      return 'Test credit (testing page)';
  }
}
