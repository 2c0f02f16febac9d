import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { dayIn } from '../../../platform/time/org-time.js';
import { ledgerHash } from '../contracts/ledger-hash.js';
import type { CardProvider, Cause, LedgerEntry, WalletEvent } from '../contracts/wallet-events.js';

/**
 * One agent's wallet (money.md): every rule that says "not below zero" is decided here, on
 * the agent's one stream. The state is plain JSON so that it can be kept as a snapshot.
 */
export type WalletState = {
  readonly userId: string | null;
  /** The agent account's posted balance: credits minus debits. */
  readonly postedCents: number;
  /** What the agent owes after a refund or dispute took more than the wallet had. */
  readonly debtCents: number;
  /** Open holds only; a closed hold is gone from the state (it can capture nothing). */
  readonly holds: Readonly<Record<string, Hold>>;
  /** Top-ups credited, with what has been taken back since (refunds, disputes). */
  readonly payments: Readonly<Record<string, Payment>>;
  readonly disputes: Readonly<Record<string, Dispute>>;
  /** Transfers sent on the current day (the organisation's calendar day), for the daily limit. */
  readonly transfersToday: { readonly day: string; readonly cents: number };
  /** What has been refunded of each ledger entry (by its seq) from help requests about it; absent before the first. */
  readonly entryRefunds?: Readonly<Record<string, number>>;
  /** The last ledger entry: its sequence number and hash. */
  readonly seq: number;
  readonly lastHash: string;
};

export type Hold = {
  readonly amountCents: number;
  readonly capturedCents: number;
  readonly releasedCents: number;
  readonly cause: Cause;
  readonly expiresAt: string | null;
};
/** A top-up: what it brought, what refunds and disputes took back, and the refunds recorded (snapshots from before had none). */
export type Payment = { readonly amountCents: number; readonly takenBackCents: number; readonly refundIds?: readonly string[] };
export type Dispute = { readonly paymentId: string; readonly amountCents: number; readonly fromDebtCents: number; readonly status: 'open' | 'won' | 'lost' };

export const heldCents = (state: WalletState): number => Object.values(state.holds).reduce((sum, hold) => sum + remainingOf(hold), 0);
export const availableCents = (state: WalletState): number => state.postedCents - heldCents(state);
export const remainingOf = (hold: Hold): number => hold.amountCents - hold.capturedCents - hold.releasedCents;

export type WalletCommand =
  | { type: 'Deposit'; userId: string; paymentId: string; amountCents: number; provider: CardProvider; autoRecharge: boolean }
  | { type: 'Charge'; userId: string; chargeId: string; amountCents: number; cause: Cause; description: string }
  | { type: 'PlaceHold'; userId: string; holdId: string; amountCents: number; cause: Cause; expiresAt: string | null }
  | { type: 'IncreaseHold'; userId: string; holdId: string; amountCents: number }
  | { type: 'CaptureHold'; userId: string; holdId: string; captureId: string; amountCents: number; cause: Cause; description: string }
  | { type: 'ReleaseHold'; userId: string; holdId: string; amountCents: number | null; close: boolean; reason: string }
  | { type: 'ExpireHold'; userId: string; holdId: string }
  | {
      type: 'SendTransfer';
      userId: string;
      transferId: string;
      amountCents: number;
      recipientUserId: string;
      recipientEmail: string;
      description: string;
      dailyLimitCents: number;
      /** The organisation's time zone: the daily limit counts its calendar days. */
      timeZone: string;
    }
  | { type: 'ReceiveTransfer'; userId: string; transferId: string; amountCents: number; senderUserId: string; senderEmail: string; description: string }
  | {
      type: 'RefundPayment';
      userId: string;
      paymentId: string;
      refundId: string;
      amountCents: number;
      allowDebt: boolean;
      /** The hold that reserved the refund before the provider was asked; found by payment and amount when not named (a webhook's record). */
      holdId?: string;
    }
  | { type: 'OpenDispute'; userId: string; paymentId: string; disputeId: string; amountCents: number }
  | { type: 'CloseDispute'; userId: string; disputeId: string; outcome: 'won' | 'lost' }
  | { type: 'CreditBonus'; userId: string; bonusId: string; week: string; amountCents: number }
  | { type: 'CreditLeadReturn'; userId: string; returnId: string; leadId: string; amountCents: number }
  | { type: 'AdjustBalance'; userId: string; adjustmentId: string; direction: 'credit' | 'debit'; amountCents: number; reason: string }
  | { type: 'AddTestCredit'; userId: string; creditId: string; amountCents: number }
  /**
   * An admin gives back (part of) what one entry took, from the help request about it:
   * `entryDebitCents` is what the entry took (refundableCents of the entry), the cap of every
   * refund of that entry together.
   */
  | {
      type: 'RefundEntry';
      userId: string;
      adjustmentId: string;
      entrySeq: number;
      entryDebitCents: number;
      ticketId: string;
      amountCents: number;
      reason: string;
    };

/** The largest single amount the ledger takes: $1,000,000 (a typo guard; cents stay exact far beyond it). */
export const MAX_AMOUNT_CENTS = 100_000_000;

const initialState = (): WalletState => ({
  userId: null,
  postedCents: 0,
  debtCents: 0,
  holds: {},
  payments: {},
  disputes: {},
  transfersToday: { day: '', cents: 0 },
  seq: 0,
  lastHash: '',
});

/** An event as decided, before it takes its place in the chain. */
type Unchained = { [E in WalletEvent as E['type']]: E extends { data: infer D } ? { type: E['type']; data: Omit<D, 'entry'> } : never }[WalletEvent['type']];

function decide(command: WalletCommand, state: WalletState, now: Date): readonly WalletEvent[] {
  if ('amountCents' in command && command.amountCents !== null) checkAmount(command.amountCents);
  const userId = command.userId;
  switch (command.type) {
    case 'Deposit': {
      if (state.payments[command.paymentId]) return [];
      const { paymentId, amountCents, provider, autoRecharge } = command;
      return chain(state, [
        { type: 'FundsDeposited', data: { userId, paymentId, amountCents, provider, autoRecharge } },
        ...repayDebt(state, userId, amountCents, { kind: 'payment', id: paymentId }),
      ]);
    }
    case 'Charge': {
      refuseWhileInDebt(state);
      requireAvailable(state, command.amountCents);
      const { chargeId, amountCents, cause, description } = command;
      return chain(state, [{ type: 'WalletCharged', data: { userId, chargeId, amountCents, cause, description } }]);
    }
    case 'PlaceHold': {
      const existing = state.holds[command.holdId];
      if (existing) {
        if (existing.amountCents === command.amountCents) return [];
        throw new DomainError('HOLD_EXISTS', 'This hold has already been placed with another amount.', 409);
      }
      refuseWhileInDebt(state);
      requireAvailable(state, command.amountCents);
      const { holdId, amountCents, cause, expiresAt } = command;
      return chain(state, [{ type: 'HoldPlaced', data: { userId, holdId, amountCents, cause, expiresAt } }]);
    }
    case 'IncreaseHold': {
      openHold(state, command.holdId, now);
      refuseWhileInDebt(state);
      requireAvailable(state, command.amountCents);
      return chain(state, [{ type: 'HoldIncreased', data: { userId, holdId: command.holdId, amountCents: command.amountCents } }]);
    }
    case 'CaptureHold': {
      const hold = openHold(state, command.holdId, now);
      if (command.amountCents > remainingOf(hold)) {
        throw new DomainError('HOLD_EXHAUSTED', `Only ${dollars(remainingOf(hold))} of this budget is left.`, 409, { remainingCents: remainingOf(hold) });
      }
      const { holdId, captureId, amountCents, cause, description } = command;
      return chain(state, [{ type: 'HoldCaptured', data: { userId, holdId, captureId, amountCents, cause, description } }]);
    }
    case 'ReleaseHold': {
      const hold = state.holds[command.holdId];
      if (!hold) return [];
      const remaining = remainingOf(hold);
      const amountCents = command.close ? remaining : (command.amountCents ?? remaining);
      if (amountCents > remaining) {
        throw new DomainError('HOLD_RELEASE_TOO_LARGE', `Only ${dollars(remaining)} of this budget is left to release.`, 409, { remainingCents: remaining });
      }
      if (amountCents === 0 && !command.close) return [];
      return chain(state, [
        {
          type: 'HoldReleased',
          // Only a release asked to close closes: a hold released down to nothing (a budget lowered to $0) may be raised again.
          data: { userId, holdId: command.holdId, amountCents, closed: command.close, reason: command.reason },
        },
      ]);
    }
    case 'ExpireHold': {
      const hold = state.holds[command.holdId];
      if (!hold || !hold.expiresAt || new Date(hold.expiresAt) > now) return [];
      return chain(state, [{ type: 'HoldExpired', data: { userId, holdId: command.holdId, amountCents: remainingOf(hold) } }]);
    }
    case 'SendTransfer': {
      if (command.recipientUserId === userId) throw new DomainError('TRANSFER_TO_SELF', 'You cannot transfer money to yourself.', 400);
      refuseWhileInDebt(state);
      const day = dayIn(now, command.timeZone);
      const sentToday = state.transfersToday.day === day ? state.transfersToday.cents : 0;
      if (sentToday + command.amountCents > command.dailyLimitCents) {
        const left = Math.max(0, command.dailyLimitCents - sentToday);
        throw new DomainError(
          'TRANSFER_DAILY_LIMIT',
          `You can transfer up to ${dollars(command.dailyLimitCents)} per day; ${dollars(left)} is left today.`,
          422,
          {
            limitCents: command.dailyLimitCents,
            leftCents: left,
          },
        );
      }
      requireAvailable(state, command.amountCents, 'transfer');
      const { transferId, amountCents, recipientUserId, recipientEmail, description } = command;
      return chain(state, [{ type: 'TransferSent', data: { userId, transferId, amountCents, recipientUserId, recipientEmail, description, sentOn: day } }]);
    }
    case 'ReceiveTransfer': {
      const { transferId, amountCents, senderUserId, senderEmail, description } = command;
      return chain(state, [
        { type: 'TransferReceived', data: { userId, transferId, amountCents, senderUserId, senderEmail, description } },
        ...repayDebt(state, userId, amountCents, { kind: 'transfer', id: transferId }),
      ]);
    }
    case 'RefundPayment': {
      const payment = state.payments[command.paymentId];
      if (!payment) throw new DomainError('PAYMENT_NOT_FOUND', 'This wallet has no such top-up.', 404);
      // A refund reserved by a hold is paid from it: the hold goes as the refund is posted.
      const holdId = command.holdId ?? refundHoldOf(state, command.paymentId, command.amountCents);
      const reserved = holdId && state.holds[holdId] ? remainingOf(state.holds[holdId]) : 0;
      const released: Unchained[] =
        holdId && state.holds[holdId] ? [{ type: 'HoldReleased', data: { userId, holdId, amountCents: reserved, closed: true, reason: 'Refund paid' } }] : [];
      // The portal's refund and the provider's webhook for it record the same refund once.
      if (payment.refundIds?.includes(command.refundId)) return chain(state, released);
      const refundable = payment.amountCents - payment.takenBackCents;
      if (command.amountCents > refundable) {
        throw new DomainError('REFUND_TOO_LARGE', `At most ${dollars(refundable)} of this top-up can be refunded.`, 422, { refundableCents: refundable });
      }
      const fromAvailable = Math.min(command.amountCents, Math.max(0, availableCents(state) + reserved));
      const fromDebtCents = command.amountCents - fromAvailable;
      if (fromDebtCents > 0 && !command.allowDebt) throw refundNeedsDebt(fromAvailable, command.amountCents);
      const { paymentId, refundId, amountCents } = command;
      return chain(state, [...released, { type: 'PaymentRefunded', data: { userId, paymentId, refundId, amountCents, fromDebtCents } }]);
    }
    case 'OpenDispute': {
      if (state.disputes[command.disputeId]) return [];
      const fromAvailable = Math.min(command.amountCents, Math.max(0, availableCents(state)));
      const { paymentId, disputeId, amountCents } = command;
      return chain(state, [{ type: 'DisputeOpened', data: { userId, paymentId, disputeId, amountCents, fromDebtCents: amountCents - fromAvailable } }]);
    }
    case 'CloseDispute': {
      const dispute = state.disputes[command.disputeId];
      if (!dispute || dispute.status !== 'open') return [];
      const { paymentId } = dispute;
      if (command.outcome === 'lost') return [{ type: 'DisputeLost', data: { userId, paymentId, disputeId: command.disputeId } }];
      const toDebtCents = Math.min(state.debtCents, dispute.amountCents);
      return chain(state, [{ type: 'DisputeWon', data: { userId, paymentId, disputeId: command.disputeId, amountCents: dispute.amountCents, toDebtCents } }]);
    }
    case 'CreditBonus': {
      const { bonusId, week, amountCents } = command;
      return chain(state, [
        { type: 'BonusCredited', data: { userId, bonusId, week, amountCents } },
        ...repayDebt(state, userId, amountCents, { kind: 'bonus', id: bonusId }),
      ]);
    }
    case 'CreditLeadReturn': {
      const { returnId, leadId, amountCents } = command;
      return chain(state, [
        { type: 'LeadReturnCredited', data: { userId, returnId, leadId, amountCents } },
        ...repayDebt(state, userId, amountCents, { kind: 'lead', id: leadId }),
      ]);
    }
    case 'AdjustBalance': {
      const reason = command.reason.trim();
      if (reason.length < 3) throw new DomainError('REASON_REQUIRED', 'An adjustment needs a reason of at least 3 characters.', 400);
      if (command.direction === 'debit') requireAvailable(state, command.amountCents, 'debit');
      const { adjustmentId, direction, amountCents } = command;
      return chain(state, [{ type: 'BalanceAdjusted', data: { userId, adjustmentId, direction, amountCents, reason } }]);
    }
    case 'RefundEntry': {
      const reason = command.reason.trim();
      if (reason.length < 3) throw new DomainError('REASON_REQUIRED', 'A refund needs a reason of at least 3 characters.', 400);
      const { adjustmentId, entrySeq, entryDebitCents, ticketId, amountCents } = command;
      if (entryDebitCents <= 0 || entrySeq > state.seq)
        throw new DomainError('ENTRY_NOT_REFUNDABLE', 'This entry took no money from the wallet, so there is nothing to refund.', 409);
      const leftCents = entryDebitCents - (state.entryRefunds?.[entrySeq] ?? 0);
      if (amountCents > leftCents)
        throw new DomainError(
          'REFUND_OVER_ENTRY',
          leftCents > 0 ? `Only ${dollars(leftCents)} of this entry is left to refund.` : 'This entry has been refunded in full.',
          409,
          { leftCents },
        );
      return chain(state, [
        { type: 'BalanceAdjusted', data: { userId, adjustmentId, direction: 'credit', amountCents, reason, refundOf: { entrySeq, ticketId } } },
        ...repayDebt(state, userId, amountCents, { kind: 'adjustment', id: adjustmentId }),
      ]);
    }
    case 'AddTestCredit':
      return chain(state, [{ type: 'TestCreditAdded', data: { userId, creditId: command.creditId, amountCents: command.amountCents } }]);
    default:
      return assertNever(command);
  }
}

function evolve(state: WalletState, event: WalletEvent): WalletState {
  const next = 'entry' in event.data ? { ...state, userId: event.data.userId, seq: event.data.entry.seq, lastHash: event.data.entry.hash } : state;
  switch (event.type) {
    case 'FundsDeposited': {
      // A dispute may arrive before its top-up is credited (separate webhooks): it has taken that much back already.
      const disputed = Object.values(next.disputes)
        .filter((dispute) => dispute.paymentId === event.data.paymentId && dispute.status !== 'won')
        .reduce((sum, dispute) => sum + dispute.amountCents, 0);
      return {
        ...next,
        postedCents: next.postedCents + event.data.amountCents,
        payments: { ...next.payments, [event.data.paymentId]: { amountCents: event.data.amountCents, takenBackCents: disputed } },
      };
    }
    case 'WalletCharged':
      return { ...next, postedCents: next.postedCents - event.data.amountCents };
    case 'HoldPlaced':
      return {
        ...next,
        holds: {
          ...next.holds,
          [event.data.holdId]: {
            amountCents: event.data.amountCents,
            capturedCents: 0,
            releasedCents: 0,
            cause: event.data.cause,
            expiresAt: event.data.expiresAt,
          },
        },
      };
    case 'HoldIncreased':
      return updateHold(next, event.data.holdId, (hold) => ({ ...hold, amountCents: hold.amountCents + event.data.amountCents }));
    case 'HoldCaptured':
      return updateHold({ ...next, postedCents: next.postedCents - event.data.amountCents }, event.data.holdId, (hold) => ({
        ...hold,
        capturedCents: hold.capturedCents + event.data.amountCents,
      }));
    case 'HoldReleased':
      return event.data.closed
        ? withoutHold(next, event.data.holdId)
        : updateHold(next, event.data.holdId, (hold) => ({ ...hold, releasedCents: hold.releasedCents + event.data.amountCents }));
    case 'HoldExpired':
      return withoutHold(next, event.data.holdId);
    case 'TransferSent': {
      const day = event.data.sentOn;
      const sameDay = next.transfersToday.day === day;
      return {
        ...next,
        postedCents: next.postedCents - event.data.amountCents,
        transfersToday: { day, cents: (sameDay ? next.transfersToday.cents : 0) + event.data.amountCents },
      };
    }
    case 'TransferReceived':
    case 'BonusCredited':
    case 'LeadReturnCredited':
    case 'TestCreditAdded':
      return { ...next, postedCents: next.postedCents + event.data.amountCents };
    case 'PaymentRefunded':
    case 'DisputeOpened': {
      const fromAgent = event.data.amountCents - event.data.fromDebtCents;
      const payment = next.payments[event.data.paymentId];
      const refundIds = event.type === 'PaymentRefunded' ? [...(payment?.refundIds ?? []), event.data.refundId] : payment?.refundIds;
      const payments = payment
        ? {
            ...next.payments,
            [event.data.paymentId]: { ...payment, takenBackCents: payment.takenBackCents + event.data.amountCents, ...(refundIds ? { refundIds } : {}) },
          }
        : next.payments;
      const disputes =
        event.type === 'DisputeOpened'
          ? {
              ...next.disputes,
              [event.data.disputeId]: {
                paymentId: event.data.paymentId,
                amountCents: event.data.amountCents,
                fromDebtCents: event.data.fromDebtCents,
                status: 'open' as const,
              },
            }
          : next.disputes;
      return { ...next, postedCents: next.postedCents - fromAgent, debtCents: next.debtCents + event.data.fromDebtCents, payments, disputes };
    }
    case 'DisputeWon': {
      const dispute = next.disputes[event.data.disputeId];
      const payment = next.payments[event.data.paymentId];
      return {
        ...next,
        postedCents: next.postedCents + event.data.amountCents - event.data.toDebtCents,
        debtCents: next.debtCents - event.data.toDebtCents,
        disputes: dispute ? { ...next.disputes, [event.data.disputeId]: { ...dispute, status: 'won' } } : next.disputes,
        payments: payment
          ? { ...next.payments, [event.data.paymentId]: { ...payment, takenBackCents: payment.takenBackCents - event.data.amountCents } }
          : next.payments,
      };
    }
    case 'DisputeLost': {
      const dispute = next.disputes[event.data.disputeId];
      return {
        ...next,
        userId: event.data.userId,
        disputes: dispute ? { ...next.disputes, [event.data.disputeId]: { ...dispute, status: 'lost' } } : next.disputes,
      };
    }
    case 'DebtRepaid':
      return { ...next, postedCents: next.postedCents - event.data.amountCents, debtCents: next.debtCents - event.data.amountCents };
    case 'BalanceAdjusted': {
      const postedCents = next.postedCents + (event.data.direction === 'credit' ? event.data.amountCents : -event.data.amountCents);
      const refundOf = event.data.refundOf;
      if (!refundOf) return { ...next, postedCents };
      const entryRefunds = { ...next.entryRefunds, [refundOf.entrySeq]: (next.entryRefunds?.[refundOf.entrySeq] ?? 0) + event.data.amountCents };
      return { ...next, postedCents, entryRefunds };
    }
    default:
      return assertNever(event);
  }
}

export const walletDecider: Decider<WalletCommand, WalletEvent, WalletState> = { initialState, evolve, decide };

/** Gives each decided event its place in the wallet's hash chain, in order. */
function chain(state: WalletState, events: readonly Unchained[]): WalletEvent[] {
  let seq = state.seq;
  let prevHash = state.lastHash;
  return events.map((event) => {
    if (event.type === 'DisputeLost') return event as WalletEvent;
    seq += 1;
    const hash = ledgerHash(prevHash, event.type, event.data as Record<string, unknown>);
    const entry: LedgerEntry = { seq, prevHash, hash };
    prevHash = hash;
    return { type: event.type, data: { ...event.data, entry } } as WalletEvent;
  });
}

/** Money arriving while the agent owes pays the debt first. */
function repayDebt(state: WalletState, userId: string, arrivingCents: number, cause: Cause): Unchained[] {
  const amountCents = Math.min(state.debtCents, arrivingCents);
  return amountCents > 0 ? [{ type: 'DebtRepaid', data: { userId, amountCents, cause } }] : [];
}

/** A refund the available balance cannot cover: only the admin's confirmation takes the rest into debt. */
export function refundNeedsDebt(availableCents: number, amountCents: number): DomainError {
  const fromAvailable = Math.min(amountCents, Math.max(0, availableCents));
  const debtCents = amountCents - fromAvailable;
  return new DomainError(
    'REFUND_NEEDS_DEBT',
    `The wallet has only ${dollars(fromAvailable)} available; refunding ${dollars(amountCents)} would leave the agent owing ${dollars(debtCents)}. Confirm to refund anyway.`,
    409,
    { availableCents: fromAvailable, debtCents },
  );
}

/** The refusal's words: the spec's for a purchase (a budget held is one too), the same for a transfer, an admin's for a debit. */
const NOT_ENOUGH = {
  purchase: "You don't have enough balance for this purchase",
  transfer: "You don't have enough balance for this transfer",
  debit: 'The wallet does not have enough available balance for this debit',
} as const;

function requireAvailable(state: WalletState, amountCents: number, what: keyof typeof NOT_ENOUGH = 'purchase'): void {
  const available = availableCents(state);
  if (amountCents > available) {
    throw new DomainError('INSUFFICIENT_BALANCE', NOT_ENOUGH[what], 422, {
      availableCents: available,
      missingCents: amountCents - available,
    });
  }
}

function refuseWhileInDebt(state: WalletState): void {
  if (state.debtCents > 0) {
    throw new DomainError('WALLET_IN_DEBT', `Your wallet owes ${dollars(state.debtCents)} after a refund or card dispute. Add funds to repay it first.`, 422, {
      debtCents: state.debtCents,
    });
  }
}

/** An open hold reserving a refund of this payment and amount (placed by the portal's refund before it asked the provider). */
function refundHoldOf(state: WalletState, paymentId: string, amountCents: number): string | undefined {
  return Object.entries(state.holds).find(([, hold]) => hold.cause.kind === 'refund' && hold.cause.id === paymentId && remainingOf(hold) === amountCents)?.[0];
}

function openHold(state: WalletState, holdId: string, now: Date): Hold {
  const hold = state.holds[holdId];
  if (!hold) throw new DomainError('HOLD_CLOSED', 'This budget is no longer reserved (the campaign ended or its hold was released).', 409);
  if (hold.expiresAt && new Date(hold.expiresAt) <= now) throw new DomainError('HOLD_EXPIRED', 'This budget reservation has expired.', 409);
  return hold;
}

function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS) {
    throw new DomainError('INVALID_AMOUNT', 'The amount must be a whole number of cents above zero and at most $1,000,000.', 400);
  }
}

function updateHold(state: WalletState, holdId: string, change: (hold: Hold) => Hold): WalletState {
  const hold = state.holds[holdId];
  return hold ? { ...state, holds: { ...state.holds, [holdId]: change(hold) } } : state;
}

function withoutHold(state: WalletState, holdId: string): WalletState {
  const { [holdId]: _closed, ...holds } = state.holds;
  return { ...state, holds };
}

export function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
