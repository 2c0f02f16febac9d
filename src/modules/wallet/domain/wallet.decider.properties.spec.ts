import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { DomainError } from '../../../platform/domain/domain-error.js';
import { agentAccount, agentDebtAccount, postingsOf, type WalletEvent } from '../contracts/wallet-events.js';
import { availableCents, heldCents, remainingOf, walletDecider, type WalletCommand, type WalletState } from './wallet.decider.js';

/*
 * money.md's invariants, checked on any sequence of wallet commands: each command is decided on
 * the state the ones before it left, and a refused one (a DomainError) stores nothing, as a
 * refused request would. Amounts are often drawn next to the limit that decides them (what a
 * hold has left, the available balance, what a top-up can still refund), so the boundaries are
 * where most commands land.
 */

const U = 'u1';
const start = Date.parse('2026-11-23T12:00:00Z');
const HOLDS = ['h0', 'h1', 'h2'] as const;
const PAYMENTS = ['p0', 'p1', 'p2'] as const;
const DISPUTES = ['d0', 'd1'] as const;

/** A fixed amount, or one within two cents of the limit the command meets when it is decided. */
type Amount = { readonly fixed: number } | { readonly nearLimit: number };
type Step = { readonly minutesLater: number; readonly action: Action };
type Action =
  | { kind: 'deposit'; payment: number; amount: number }
  | { kind: 'credit'; via: 'AddTestCredit' | 'CreditBonus' | 'CreditLeadReturn' | 'ReceiveTransfer'; amount: number }
  | { kind: 'charge'; amount: Amount }
  | { kind: 'placeHold'; hold: number; amount: Amount; expiresInMinutes: number | null }
  | { kind: 'increaseHold'; hold: number; amount: Amount }
  | { kind: 'capture'; hold: number; amount: Amount }
  | { kind: 'release'; hold: number; amount: Amount | null; close: boolean }
  | { kind: 'expire'; hold: number }
  | { kind: 'sendTransfer'; amount: Amount }
  | { kind: 'refund'; payment: number; refund: number; amount: Amount; allowDebt: boolean }
  | { kind: 'openDispute'; payment: number; dispute: number; amount: Amount }
  | { kind: 'closeDispute'; dispute: number; outcome: 'won' | 'lost' }
  | { kind: 'adjust'; direction: 'credit' | 'debit'; amount: Amount };

const cents = fc.integer({ min: 1, max: 3_000 });
const amount: fc.Arbitrary<Amount> = fc.oneof(
  cents.map((fixed) => ({ fixed })),
  fc.integer({ min: -2, max: 2 }).map((nearLimit) => ({ nearLimit })),
);
const hold = fc.nat({ max: HOLDS.length - 1 });
const payment = fc.nat({ max: PAYMENTS.length - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('deposit'), payment, amount: fc.integer({ min: 1, max: 20_000 }) }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('credit'),
      via: fc.constantFrom('AddTestCredit', 'CreditBonus', 'CreditLeadReturn', 'ReceiveTransfer'),
      amount: cents,
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('charge'), amount }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('placeHold'), hold, amount, expiresInMinutes: fc.option(fc.integer({ min: 1, max: 240 }), { freq: 3 }) }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('increaseHold'), hold, amount }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('capture'), hold, amount }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('release'), hold, amount: fc.option(amount), close: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('expire'), hold }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('sendTransfer'), amount }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('refund'), payment, refund: fc.nat({ max: 2 }), amount, allowDebt: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('openDispute'), payment, dispute: fc.nat({ max: DISPUTES.length - 1 }), amount }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('closeDispute'), dispute: fc.nat({ max: DISPUTES.length - 1 }), outcome: fc.constantFrom('won', 'lost') }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('adjust'), direction: fc.constantFrom('credit', 'debit'), amount }), weight: 1 },
);
const step = fc.record({ minutesLater: fc.nat({ max: 60 }), action });
/** Histories start with a top-up, so that the spending commands after it have money to meet. */
const histories = fc
  .tuple(fc.integer({ min: 1, max: 50_000 }), fc.array(step, { maxLength: 60, size: 'max' }))
  .map(([opening, steps]): Step[] => [{ minutesLater: 0, action: { kind: 'deposit', payment: 0, amount: opening } }, ...steps]);

/** The command a step sends, its amount resolved against the limit it meets in `state`. */
function commandOf(step: Step, index: number, state: WalletState, now: Date): WalletCommand {
  const resolve = (a: Amount, limit: number) => ('fixed' in a ? a.fixed : Math.max(1, limit + a.nearLimit));
  const a = step.action;
  const id = `s${index}`;
  // A command on a hold meets one of the open holds when there are any, else one that is not (never placed or closed).
  const open = Object.keys(state.holds);
  const holdOf = (h: number) => (open.length > 0 ? open[h % open.length]! : HOLDS[h]!);
  const leftOf = (h: number) => {
    const held = state.holds[holdOf(h)];
    return held ? remainingOf(held) : 0;
  };
  switch (a.kind) {
    case 'deposit':
      return { type: 'Deposit', userId: U, paymentId: PAYMENTS[a.payment]!, amountCents: a.amount, provider: 'demo', autoRecharge: false };
    case 'credit':
      return creditCommand(a.via, id, a.amount);
    case 'charge':
      return {
        type: 'Charge',
        userId: U,
        chargeId: id,
        amountCents: resolve(a.amount, availableCents(state)),
        cause: { kind: 'aged-package', id },
        description: 'Aged leads',
      };
    case 'placeHold':
      return {
        type: 'PlaceHold',
        userId: U,
        holdId: HOLDS[a.hold]!,
        amountCents: resolve(a.amount, availableCents(state)),
        cause: { kind: 'campaign', id: HOLDS[a.hold]! },
        expiresAt: a.expiresInMinutes === null ? null : new Date(now.getTime() + a.expiresInMinutes * 60_000).toISOString(),
      };
    case 'increaseHold':
      return { type: 'IncreaseHold', userId: U, holdId: holdOf(a.hold), amountCents: resolve(a.amount, availableCents(state)) };
    case 'capture':
      return {
        type: 'CaptureHold',
        userId: U,
        holdId: holdOf(a.hold),
        captureId: id,
        amountCents: resolve(a.amount, leftOf(a.hold)),
        cause: { kind: 'lead', id },
        description: 'Lead',
      };
    case 'release':
      return {
        type: 'ReleaseHold',
        userId: U,
        holdId: holdOf(a.hold),
        amountCents: a.amount === null ? null : resolve(a.amount, leftOf(a.hold)),
        close: a.close,
        reason: 'Budget lowered',
      };
    case 'expire':
      return { type: 'ExpireHold', userId: U, holdId: holdOf(a.hold) };
    case 'sendTransfer':
      return {
        type: 'SendTransfer',
        userId: U,
        transferId: id,
        amountCents: resolve(a.amount, availableCents(state)),
        recipientUserId: 'u2',
        recipientEmail: 'u2@example.com',
        description: '',
        dailyLimitCents: 10_000,
        timeZone: 'America/New_York',
      };
    case 'refund': {
      const paid = state.payments[PAYMENTS[a.payment]!];
      const refundable = paid ? paid.amountCents - paid.takenBackCents : 0;
      return {
        type: 'RefundPayment',
        userId: U,
        paymentId: PAYMENTS[a.payment]!,
        // The portal's refund and the provider's webhook for it bring the same id.
        refundId: `${PAYMENTS[a.payment]!}-refund-${a.refund}`,
        amountCents: resolve(a.amount, refundable),
        allowDebt: a.allowDebt,
      };
    }
    case 'openDispute': {
      // Any top-up, credited or not yet: a dispute's webhook may come before the payment's.
      return {
        type: 'OpenDispute',
        userId: U,
        paymentId: PAYMENTS[a.payment]!,
        disputeId: DISPUTES[a.dispute]!,
        amountCents: resolve(a.amount, availableCents(state)),
      };
    }
    case 'closeDispute':
      return { type: 'CloseDispute', userId: U, disputeId: DISPUTES[a.dispute]!, outcome: a.outcome };
    case 'adjust':
      return {
        type: 'AdjustBalance',
        userId: U,
        adjustmentId: id,
        direction: a.direction,
        amountCents: resolve(a.amount, availableCents(state)),
        reason: 'Correction',
      };
  }
}

function creditCommand(via: Extract<Action, { kind: 'credit' }>['via'], id: string, amountCents: number): WalletCommand {
  switch (via) {
    case 'AddTestCredit':
      return { type: 'AddTestCredit', userId: U, creditId: id, amountCents };
    case 'CreditBonus':
      return { type: 'CreditBonus', userId: U, bonusId: id, week: '2026-W48', amountCents };
    case 'CreditLeadReturn':
      return { type: 'CreditLeadReturn', userId: U, returnId: id, leadId: `lead-${id}`, amountCents };
    case 'ReceiveTransfer':
      return { type: 'ReceiveTransfer', userId: U, transferId: id, amountCents, senderUserId: 'u2', senderEmail: 'u2@example.com', description: '' };
  }
}

type Decided = { readonly command: WalletCommand; readonly events: readonly WalletEvent[]; readonly after: WalletState };

/** Sends the steps in order, each decided on the state the ones before left; a refusal stores nothing. */
function run(steps: readonly Step[]): Decided[] {
  let state = walletDecider.initialState();
  let now = start;
  return steps.map((step, index) => {
    now += step.minutesLater * 60_000;
    const command = commandOf(step, index, state, new Date(now));
    let events: readonly WalletEvent[] = [];
    try {
      events = walletDecider.decide(command, state, new Date(now));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
    state = events.reduce(walletDecider.evolve, state);
    return { command, events, after: state };
  });
}

/** Every history's decided steps pass `check`. */
const forAnyHistory = (check: (decided: Decided[]) => void) =>
  fc.assert(
    fc.property(histories, (steps) => check(run(steps))),
    { numRuns: 300 },
  );

/** Each hold's amount and what left it, from the events alone: a hold id placed again after it closed is a new hold. */
type HoldBook = { amount: number; captured: number; released: number; closed: boolean };

describe('wallet invariants (money.md), on any sequence of commands', () => {
  it('1. keeps the sum of all accounts at 0', () => {
    forAnyHistory((decided) => {
      const byAccount = new Map<string, number>();
      for (const posting of decided.flatMap((d) => d.events).flatMap(postingsOf)) {
        expect(posting.amountCents).toBeGreaterThan(0);
        byAccount.set(posting.from, (byAccount.get(posting.from) ?? 0) - posting.amountCents);
        byAccount.set(posting.to, (byAccount.get(posting.to) ?? 0) + posting.amountCents);
      }
      expect([...byAccount.values()].reduce((sum, cents) => sum + cents, 0)).toBe(0);
    });
  });

  it('2. never takes the agent account below zero, holds included; only a refund confirmed into debt or a dispute makes debt', () => {
    forAnyHistory((decided) => {
      for (const { command, events, after } of decided) {
        expect(availableCents(after)).toBeGreaterThanOrEqual(0);
        expect(after.debtCents).toBeGreaterThanOrEqual(0);
        for (const event of events) {
          if (!('fromDebtCents' in event.data) || event.data.fromDebtCents === 0) continue;
          const allowed = event.type === 'DisputeOpened' || (command.type === 'RefundPayment' && command.allowDebt);
          expect(allowed, `${event.type} made debt for ${JSON.stringify(command)}`).toBe(true);
        }
      }
    });
  });

  it('3. credits each card payment once, records each refund once, and never refunds more of a top-up than it brought', () => {
    forAnyHistory((decided) => {
      const events = decided.flatMap((d) => d.events);
      const deposits = events.flatMap((e) => (e.type === 'FundsDeposited' ? [e.data] : []));
      const refunds = events.flatMap((e) => (e.type === 'PaymentRefunded' ? [e.data] : []));
      expect(new Set(deposits.map((d) => d.paymentId)).size).toBe(deposits.length);
      expect(new Set(refunds.map((r) => r.refundId)).size).toBe(refunds.length);
      for (const deposit of deposits) {
        const refunded = refunds.filter((r) => r.paymentId === deposit.paymentId).reduce((sum, r) => sum + r.amountCents, 0);
        expect(refunded, deposit.paymentId).toBeLessThanOrEqual(deposit.amountCents);
      }
    });
  });

  it('4. keeps the balance, the debt and what is held equal to the sum of the events’ effects', () => {
    forAnyHistory((decided) => {
      const balances = new Map<string, number>();
      const holds = new Map<string, HoldBook>();
      for (const { events, after } of decided) {
        for (const event of events) {
          for (const p of postingsOf(event)) {
            balances.set(p.from, (balances.get(p.from) ?? 0) - p.amountCents);
            balances.set(p.to, (balances.get(p.to) ?? 0) + p.amountCents);
          }
          bookHold(holds, event);
        }
        const held = [...holds.values()].filter((h) => !h.closed).reduce((sum, h) => sum + h.amount - h.captured - h.released, 0);
        expect(after.postedCents).toBe(balances.get(agentAccount(U)) ?? 0);
        expect(after.debtCents).toBe(0 - (balances.get(agentDebtAccount(U)) ?? 0));
        expect(heldCents(after)).toBe(held);
        expect(availableCents(after)).toBe((balances.get(agentAccount(U)) ?? 0) - held);
      }
    });
  });

  it('5. never captures more from a hold than it held (captured + released <= amount), and a released or expired hold captures nothing', () => {
    forAnyHistory((decided) => {
      const holds = new Map<string, HoldBook>();
      for (const event of decided.flatMap((d) => d.events)) {
        bookHold(holds, event);
        for (const [holdId, h] of holds) {
          expect(h.captured + h.released, `hold ${holdId}`).toBeLessThanOrEqual(h.amount);
          // A closed hold returned all it did not capture: no cent of it is lost or still held.
          if (h.closed) expect(h.captured + h.released, `closed hold ${holdId}`).toBe(h.amount);
        }
      }
    });
  });
});

/** Adds a hold event to the books; one that touches a hold not open (never placed, released or expired) fails. */
function bookHold(holds: Map<string, HoldBook>, event: WalletEvent): void {
  if (event.type === 'HoldPlaced') {
    expect(holds.get(event.data.holdId)?.closed ?? true, `hold ${event.data.holdId} placed again while open`).toBe(true);
    holds.set(event.data.holdId, { amount: event.data.amountCents, captured: 0, released: 0, closed: false });
    return;
  }
  if (event.type !== 'HoldIncreased' && event.type !== 'HoldCaptured' && event.type !== 'HoldReleased' && event.type !== 'HoldExpired') return;
  const book = holds.get(event.data.holdId);
  expect(book?.closed, `${event.type} on hold ${event.data.holdId}, which is not open`).toBe(false);
  if (event.type === 'HoldIncreased') book!.amount += event.data.amountCents;
  else if (event.type === 'HoldCaptured') book!.captured += event.data.amountCents;
  else {
    book!.released += event.data.amountCents;
    book!.closed = event.type === 'HoldExpired' || event.data.closed;
  }
}
