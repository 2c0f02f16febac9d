/**
 * The wallet's events (money.md). Every amount is integer cents (USD), always positive; the
 * direction is the event's meaning, and `postingsOf` says which accounts it moves money
 * between. Events that move money carry `entry`: their place in the wallet's hash chain.
 */

export const walletStream = (userId: string) => `wallet-${userId}`;

/** Accounts of the ledger. The sum over all of them is always 0. */
export type Account =
  `agent:${string}` | `agent-debt:${string}` | 'card-processor' | 'lead-sales' | 'transfers-in-flight' | 'bonus-payouts' | 'adjustments' | 'test-credit';

export const agentAccount = (userId: string): Account => `agent:${userId}`;
export const agentDebtAccount = (userId: string): Account => `agent-debt:${userId}`;

/** One movement of money: `amountCents` leaves `from` and arrives at `to`. */
export type Posting = { readonly from: Account; readonly to: Account; readonly amountCents: number };

/**
 * Each money event's link in the wallet's chain: its sequence number in the wallet (1, 2, ...),
 * the previous entry's hash ('' for the first), and its own hash (sha256 over prevHash and the
 * event's type and data without `entry`, canonical JSON). `npm run ledger:verify` recomputes them.
 */
export type LedgerEntry = { readonly seq: number; readonly prevHash: string; readonly hash: string };

/** Why money moved, for "explain this balance": what it was for and the id of that thing. */
export type Cause =
  | { readonly kind: 'payment'; readonly id: string }
  | { readonly kind: 'lead'; readonly id: string }
  | { readonly kind: 'campaign'; readonly id: string }
  | { readonly kind: 'aged-package'; readonly id: string }
  | { readonly kind: 'business-leads'; readonly id: string }
  | { readonly kind: 'transfer'; readonly id: string }
  | { readonly kind: 'refund'; readonly id: string }
  | { readonly kind: 'dispute'; readonly id: string }
  | { readonly kind: 'bonus'; readonly id: string }
  | { readonly kind: 'adjustment'; readonly id: string }
  | { readonly kind: 'test-credit'; readonly id: string }
  | { readonly kind: 'auto-recharge'; readonly id: string };

export type CardProvider = 'stripe' | 'demo';

type Money<T> = T & { readonly amountCents: number; readonly entry: LedgerEntry };

export type WalletEvent =
  /** A card payment succeeded: card-processor -> agent. At most once per paymentId. */
  | { type: 'FundsDeposited'; data: Money<{ userId: string; paymentId: string; provider: CardProvider; autoRecharge: boolean }> }
  /** A one-off purchase paid from the available balance: agent -> lead-sales. */
  | { type: 'WalletCharged'; data: Money<{ userId: string; chargeId: string; cause: Cause; description: string }> }
  /** Money reserved for a purpose (a campaign's budget): counts against the available balance. */
  | { type: 'HoldPlaced'; data: Money<{ userId: string; holdId: string; cause: Cause; expiresAt: string | null }> }
  /** More money reserved on an open hold (a raised budget). */
  | { type: 'HoldIncreased'; data: Money<{ userId: string; holdId: string }> }
  /** Part of a hold spent: agent -> lead-sales. At most once per captureId; never beyond the hold. */
  | { type: 'HoldCaptured'; data: Money<{ userId: string; holdId: string; captureId: string; cause: Cause; description: string }> }
  /** Part or all of what is left of a hold returned to the available balance; `closed` ends the hold. */
  | { type: 'HoldReleased'; data: Money<{ userId: string; holdId: string; closed: boolean; reason: string }> }
  /** A hold reached its expiry: what was left returns, the hold is closed. */
  | { type: 'HoldExpired'; data: Money<{ userId: string; holdId: string }> }
  /** First step of a transfer, decided on the sender's wallet: agent -> transfers-in-flight. */
  | {
      type: 'TransferSent';
      /** `sentOn`: the day (YYYY-MM-DD, the organisation's calendar day) it counts against the sender's daily limit. */
      data: Money<{ userId: string; transferId: string; recipientUserId: string; recipientEmail: string; description: string; sentOn: string }>;
    }
  /** Last step, on the recipient's wallet, started from TransferSent: transfers-in-flight -> agent. Never refused. */
  | { type: 'TransferReceived'; data: Money<{ userId: string; transferId: string; senderUserId: string; senderEmail: string; description: string }> }
  /** A top-up refunded to the card: agent -> card-processor, the part the wallet lacked from agent-debt. */
  | { type: 'PaymentRefunded'; data: Money<{ userId: string; paymentId: string; refundId: string; fromDebtCents: number }> }
  /** The bank took a payment back: agent -> card-processor, whatever the balance (the rest becomes debt). */
  | { type: 'DisputeOpened'; data: Money<{ userId: string; paymentId: string; disputeId: string; fromDebtCents: number }> }
  /** The dispute was won: card-processor -> agent (debt it created is repaid first). */
  | { type: 'DisputeWon'; data: Money<{ userId: string; paymentId: string; disputeId: string; toDebtCents: number }> }
  /** The dispute was lost: the money stays taken. No posting. */
  | { type: 'DisputeLost'; data: { userId: string; paymentId: string; disputeId: string } }
  /** Debt paid from the available balance (a deposit arriving while in debt): agent -> agent-debt. */
  | { type: 'DebtRepaid'; data: Money<{ userId: string; cause: Cause }> }
  /** An approved return of a bought lead gives its price back: lead-sales -> agent (debt it finds is repaid first). */
  | { type: 'LeadReturnCredited'; data: Money<{ userId: string; returnId: string; leadId: string }> }
  /** A weekly bonus: bonus-payouts -> agent. */
  | { type: 'BonusCredited'; data: Money<{ userId: string; bonusId: string; week: string }> }
  /**
   * An admin's correction, with its required reason: adjustments -> agent (credit) or agent -> adjustments (debit).
   * `refundOf`: a refund of (part of) one ledger entry, given from the help request about it (debt it finds is repaid first).
   */
  | {
      type: 'BalanceAdjusted';
      data: Money<{
        userId: string;
        adjustmentId: string;
        direction: 'credit' | 'debit';
        reason: string;
        refundOf?: { readonly entrySeq: number; readonly ticketId: string };
      }>;
    }
  /** The testing page's credit (admins only), labelled as test credit wherever it shows: test-credit -> agent. */
  | { type: 'TestCreditAdded'; data: Money<{ userId: string; creditId: string }> };

export type WalletEventType = WalletEvent['type'];
export const WALLET_EVENT_TYPES: readonly WalletEventType[] = [
  'FundsDeposited',
  'WalletCharged',
  'HoldPlaced',
  'HoldIncreased',
  'HoldCaptured',
  'HoldReleased',
  'HoldExpired',
  'TransferSent',
  'TransferReceived',
  'PaymentRefunded',
  'DisputeOpened',
  'DisputeWon',
  'DisputeLost',
  'DebtRepaid',
  'LeadReturnCredited',
  'BonusCredited',
  'BalanceAdjusted',
  'TestCreditAdded',
];

/**
 * The postings of one event: how it moves money between accounts. Holds move nothing until
 * captured (a hold is a pending debit: it lowers the available balance, not the posted one).
 */
export function postingsOf(event: WalletEvent): readonly Posting[] {
  const agent = agentAccount(event.data.userId);
  const debt = agentDebtAccount(event.data.userId);
  switch (event.type) {
    case 'FundsDeposited':
      return [{ from: 'card-processor', to: agent, amountCents: event.data.amountCents }];
    case 'WalletCharged':
    case 'HoldCaptured':
      return [{ from: agent, to: 'lead-sales', amountCents: event.data.amountCents }];
    case 'HoldPlaced':
    case 'HoldIncreased':
    case 'HoldReleased':
    case 'HoldExpired':
    case 'DisputeLost':
      return [];
    case 'TransferSent':
      return [{ from: agent, to: 'transfers-in-flight', amountCents: event.data.amountCents }];
    case 'TransferReceived':
      return [{ from: 'transfers-in-flight', to: agent, amountCents: event.data.amountCents }];
    case 'PaymentRefunded':
    case 'DisputeOpened':
      return splitPostings([
        { from: agent, to: 'card-processor', amountCents: event.data.amountCents - event.data.fromDebtCents },
        { from: debt, to: 'card-processor', amountCents: event.data.fromDebtCents },
      ]);
    case 'DisputeWon':
      return splitPostings([
        { from: 'card-processor', to: agent, amountCents: event.data.amountCents - event.data.toDebtCents },
        { from: 'card-processor', to: debt, amountCents: event.data.toDebtCents },
      ]);
    case 'DebtRepaid':
      return [{ from: agent, to: debt, amountCents: event.data.amountCents }];
    case 'LeadReturnCredited':
      return [{ from: 'lead-sales', to: agent, amountCents: event.data.amountCents }];
    case 'BonusCredited':
      return [{ from: 'bonus-payouts', to: agent, amountCents: event.data.amountCents }];
    case 'BalanceAdjusted':
      return event.data.direction === 'credit'
        ? [{ from: 'adjustments', to: agent, amountCents: event.data.amountCents }]
        : [{ from: agent, to: 'adjustments', amountCents: event.data.amountCents }];
    case 'TestCreditAdded':
      return [{ from: 'test-credit', to: agent, amountCents: event.data.amountCents }];
  }
}

function splitPostings(postings: readonly Posting[]): readonly Posting[] {
  return postings.filter((posting) => posting.amountCents > 0);
}
