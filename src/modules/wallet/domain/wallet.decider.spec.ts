import { describe, expect, it } from 'vitest';

import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import { fold } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { ledgerHash } from '../contracts/ledger-hash.js';
import { postingsOf, type WalletEvent } from '../contracts/wallet-events.js';
import { availableCents, dollars, heldCents, walletDecider, type WalletCommand, type WalletState } from './wallet.decider.js';

const now = new Date('2026-11-23T12:00:00Z');
const given = givenWhenThen(walletDecider);
const U = 'u1';

/** The events a sequence of commands stores, each decided on the state the previous ones left. */
function history(...commands: WalletCommand[]): WalletEvent[] {
  const events: WalletEvent[] = [];
  for (const command of commands) events.push(...walletDecider.decide(command, fold(walletDecider, events), now));
  return events;
}
const stateOf = (events: readonly WalletEvent[]): WalletState => fold(walletDecider, events);
const withoutEntries = (events: readonly WalletEvent[]) => events.map((e) => ({ type: e.type, data: { ...e.data, entry: undefined } }));

const deposit = (amountCents: number, paymentId = `p${amountCents}`): WalletCommand => ({
  type: 'Deposit',
  userId: U,
  paymentId,
  amountCents,
  provider: 'demo',
  autoRecharge: false,
});
const charge = (amountCents: number, chargeId = 'c1'): WalletCommand => ({
  type: 'Charge',
  userId: U,
  chargeId,
  amountCents,
  cause: { kind: 'aged-package', id: 'pk1' },
  description: '100 aged leads',
});
const hold = (amountCents: number, holdId = 'h1', expiresAt: string | null = null): WalletCommand => ({
  type: 'PlaceHold',
  userId: U,
  holdId,
  amountCents,
  cause: { kind: 'campaign', id: 'camp1' },
  expiresAt,
});
const capture = (amountCents: number, captureId: string, holdId = 'h1'): WalletCommand => ({
  type: 'CaptureHold',
  userId: U,
  holdId,
  captureId,
  amountCents,
  cause: { kind: 'lead', id: captureId },
  description: 'Lead',
});

describe('a wallet', () => {
  it('credits a deposit once per payment, however often it is sent', () => {
    const events = history(deposit(5_000, 'pay_1'));
    expect(withoutEntries(events)).toEqual([
      { type: 'FundsDeposited', data: { userId: U, paymentId: 'pay_1', amountCents: 5_000, provider: 'demo', autoRecharge: false, entry: undefined } },
    ]);
    given(events).when(deposit(5_000, 'pay_1'), now).then([]);
    expect(availableCents(stateOf(events))).toBe(5_000);
  });

  it("refuses a charge beyond the available balance in the spec's words, with what is missing", () => {
    const events = history(deposit(1_000));
    const refusal = given(events).when(charge(1_500), now).thenRefuses('INSUFFICIENT_BALANCE', "You don't have enough balance for this purchase");
    expect(refusal.details).toMatchObject({ availableCents: 1_000, missingCents: 500 });
    expect(history(deposit(1_000), charge(1_000)).map((e) => e.type)).toEqual(['FundsDeposited', 'WalletCharged']);
  });

  it('counts holds against the available balance, so six holds of 1,000 never fit in 5,000', () => {
    const events = history(deposit(5_000), hold(1_000, 'a'), hold(1_000, 'b'), hold(1_000, 'c'), hold(1_000, 'd'), hold(1_000, 'e'));
    given(events).when(hold(1_000, 'f'), now).thenRefuses('INSUFFICIENT_BALANCE');
    given(events).when(charge(1), now).thenRefuses('INSUFFICIENT_BALANCE');
    expect(heldCents(stateOf(events))).toBe(5_000);
    expect(availableCents(stateOf(events))).toBe(0);
  });

  it('captures a hold in parts, never beyond it, and releases the rest when closed', () => {
    const events = history(deposit(10_000), hold(3_000), capture(1_200, 'l1'), capture(1_200, 'l2'));
    given(events).when(capture(1_200, 'l3'), now).thenRefuses('HOLD_EXHAUSTED', 'Only $6.00 of this budget is left.');
    const closed = history(deposit(10_000), hold(3_000), capture(1_200, 'l1'), {
      type: 'ReleaseHold',
      userId: U,
      holdId: 'h1',
      amountCents: null,
      close: true,
      reason: 'Campaign ended',
    });
    expect(closed.at(-1)!.data).toMatchObject({ amountCents: 1_800, closed: true });
    expect(availableCents(stateOf(closed))).toBe(8_800);
    given(closed).when(capture(1, 'l9'), now).thenRefuses('HOLD_CLOSED');
  });

  it('captures exactly what is left of a hold, leaving nothing held, and refuses one cent more', () => {
    const release = (amountCents: number): WalletCommand => ({
      type: 'ReleaseHold',
      userId: U,
      holdId: 'h1',
      amountCents,
      close: false,
      reason: 'Budget lowered',
    });
    const cases: [string, WalletCommand[], number][] = [
      ['a fresh hold', [], 3_000],
      ['after a partial capture', [capture(1_200, 'l1')], 1_800],
      ['after a partial release', [release(500)], 2_500],
      ['after a partial capture and release', [capture(1_200, 'l1'), release(500)], 1_300],
    ];
    for (const [when, before, remaining] of cases) {
      const events = history(deposit(10_000), hold(3_000), ...before);
      given(events)
        .when(capture(remaining + 1, 'last'), now)
        .thenRefuses('HOLD_EXHAUSTED', `Only ${dollars(remaining)} of this budget is left.`);
      const captured = history(deposit(10_000), hold(3_000), ...before, capture(remaining, 'last'));
      expect(captured.at(-1), when).toMatchObject({ type: 'HoldCaptured', data: { amountCents: remaining } });
      expect(heldCents(stateOf(captured)), when).toBe(0);
      expect(stateOf(captured).holds['h1'], when).toMatchObject({ amountCents: 3_000 });
      given(captured).when(capture(1, 'after'), now).thenRefuses('HOLD_EXHAUSTED', 'Only $0.00 of this budget is left.');
    }
  });

  it('keeps a hold released down to nothing open, so it can be raised again; only a release asked to close closes it', () => {
    const release = (amountCents: number | null, close: boolean): WalletCommand => ({
      type: 'ReleaseHold',
      userId: U,
      holdId: 'h1',
      amountCents,
      close,
      reason: 'Campaign budget lowered',
    });
    const lowered = history(deposit(5_000), hold(3_000), release(3_000, false));
    expect(lowered.at(-1)!.data).toMatchObject({ amountCents: 3_000, closed: false });
    expect([availableCents(stateOf(lowered)), heldCents(stateOf(lowered))]).toEqual([5_000, 0]);
    const raised = history(deposit(5_000), hold(3_000), release(3_000, false), { type: 'IncreaseHold', userId: U, holdId: 'h1', amountCents: 1_000 });
    expect([availableCents(stateOf(raised)), heldCents(stateOf(raised))]).toEqual([4_000, 1_000]);
    given(history(deposit(5_000), hold(3_000), release(null, true)))
      .when({ type: 'IncreaseHold', userId: U, holdId: 'h1', amountCents: 1_000 }, now)
      .thenRefuses('HOLD_CLOSED');
  });

  it('pays a refund from the hold that reserved it, whether the portal or the provider’s webhook records it, and once', () => {
    const reserve: WalletCommand = { type: 'PlaceHold', userId: U, holdId: 'rh1', amountCents: 2_000, cause: { kind: 'refund', id: 'pay_1' }, expiresAt: null };
    const refund = (holdId?: string): WalletCommand => ({
      type: 'RefundPayment',
      userId: U,
      paymentId: 'pay_1',
      refundId: 're_1',
      amountCents: 2_000,
      allowDebt: true,
      ...(holdId ? { holdId } : {}),
    });
    const spend = charge(3_000, 'c-spend');
    // The reservation keeps a spend racing the refund from taking the refund's money.
    const reserved = history(deposit(5_000, 'pay_1'), reserve);
    given(reserved).when(charge(3_001, 'c-more'), now).thenRefuses('INSUFFICIENT_BALANCE');
    for (const recorded of [refund('rh1'), refund()]) {
      const paid = history(deposit(5_000, 'pay_1'), reserve, spend, recorded);
      expect(withoutEntries(paid.slice(-2)).map((e) => [e.type, e.data])).toEqual([
        ['HoldReleased', expect.objectContaining({ holdId: 'rh1', amountCents: 2_000, closed: true })],
        ['PaymentRefunded', expect.objectContaining({ refundId: 're_1', amountCents: 2_000, fromDebtCents: 0 })],
      ]);
      const state = stateOf(paid);
      expect([availableCents(state), heldCents(state), state.debtCents]).toEqual([0, 0, 0]);
    }
    // Recorded by the webhook first: the portal's record only gives the hold back.
    const twice = history(deposit(5_000, 'pay_1'), reserve, refund(), refund('rh1'));
    expect(twice.filter((e) => e.type === 'PaymentRefunded')).toHaveLength(1);
    expect(availableCents(stateOf(twice))).toBe(3_000);
  });

  it('raises a hold only within the available balance and lowers it by releasing the difference', () => {
    const events = history(deposit(5_000), hold(3_000));
    given(events).when({ type: 'IncreaseHold', userId: U, holdId: 'h1', amountCents: 2_001 }, now).thenRefuses('INSUFFICIENT_BALANCE');
    const lowered = history(
      deposit(5_000),
      hold(3_000),
      { type: 'IncreaseHold', userId: U, holdId: 'h1', amountCents: 2_000 },
      { type: 'ReleaseHold', userId: U, holdId: 'h1', amountCents: 1_500, close: false, reason: 'Budget lowered' },
    );
    expect(heldCents(stateOf(lowered))).toBe(3_500);
    expect(availableCents(stateOf(lowered))).toBe(1_500);
  });

  it('expires a hold at its time, returning what was left, and refuses captures after it', () => {
    const events = history(deposit(5_000), hold(2_000, 'h1', '2026-11-23T11:00:00Z'));
    given(events).when(capture(100, 'l1'), now).thenRefuses('HOLD_EXPIRED');
    const expired = [...events, ...walletDecider.decide({ type: 'ExpireHold', userId: U, holdId: 'h1' }, stateOf(events), now)];
    expect(expired.at(-1)!.type).toBe('HoldExpired');
    expect(availableCents(stateOf(expired))).toBe(5_000);
  });

  it('sends a transfer within the available balance and the daily limit of a New York day, and receives one always', () => {
    const send = (amountCents: number, transferId: string, recipientUserId = 'u2'): WalletCommand => ({
      type: 'SendTransfer',
      userId: U,
      transferId,
      amountCents,
      recipientUserId,
      recipientEmail: 'leader@example.com',
      description: 'Thanks',
      dailyLimitCents: 10_000,
      timeZone: 'America/New_York',
    });
    const events = history(deposit(50_000), send(6_000, 't1'));
    expect(events.at(-1)!.data).toMatchObject({ sentOn: '2026-11-23', amountCents: 6_000 });
    given(events).when(send(4_001, 't2'), now).thenRefuses('TRANSFER_DAILY_LIMIT', 'You can transfer up to $100.00 per day; $40.00 is left today.');
    // 02:00 UTC on the 24th is still the evening of the 23rd in New York: the same day's limit.
    given(events).when(send(4_001, 't2'), new Date('2026-11-24T02:00:00Z')).thenRefuses('TRANSFER_DAILY_LIMIT');
    // Just after midnight in New York (05:00 UTC) the limit starts again.
    const nextDay = new Date('2026-11-24T05:00:01Z');
    const sentNextDay = walletDecider.decide(send(10_000, 't2'), stateOf(events), nextDay);
    expect(sentNextDay.at(-1)!.data).toMatchObject({ sentOn: '2026-11-24', amountCents: 10_000 });
    given([])
      .when(send(1, 't3', U), now)
      .thenRefuses('TRANSFER_TO_SELF');
    const received = history({
      type: 'ReceiveTransfer',
      userId: U,
      transferId: 't9',
      amountCents: 700,
      senderUserId: 'u3',
      senderEmail: 'a@example.com',
      description: '',
    });
    expect(availableCents(stateOf(received))).toBe(700);
  });

  it('refunds a top-up from the available balance, and into debt only when confirmed', () => {
    const events = history(deposit(5_000, 'pay_1'), charge(4_000));
    const refund = (amountCents: number, allowDebt: boolean): WalletCommand => ({
      type: 'RefundPayment',
      userId: U,
      paymentId: 'pay_1',
      refundId: 're_1',
      amountCents,
      allowDebt,
    });
    given(events).when(refund(5_001, true), now).thenRefuses('REFUND_TOO_LARGE');
    given(events).when(refund(3_000, false), now).thenRefuses('REFUND_NEEDS_DEBT');
    const inDebt = [...events, ...walletDecider.decide(refund(3_000, true), stateOf(events), now)];
    expect(inDebt.at(-1)!.data).toMatchObject({ amountCents: 3_000, fromDebtCents: 2_000 });
    expect(stateOf(inDebt)).toMatchObject({ postedCents: 0, debtCents: 2_000 });
    // Debt blocks spending until a deposit repays it first.
    given(inDebt).when(charge(1, 'c2'), now).thenRefuses('WALLET_IN_DEBT');
    const repaid = [...inDebt, ...walletDecider.decide(deposit(2_500, 'pay_2'), stateOf(inDebt), now)];
    expect(repaid.slice(-2).map((e) => e.type)).toEqual(['FundsDeposited', 'DebtRepaid']);
    expect(stateOf(repaid)).toMatchObject({ postedCents: 500, debtCents: 0 });
  });

  it('records a refund once, whether the portal or the provider’s webhook brings it first, even when it emptied the payment', () => {
    const whole: WalletCommand = { type: 'RefundPayment', userId: U, paymentId: 'pay_1', refundId: 're_1', amountCents: 5_000, allowDebt: true };
    const refunded = [...history(deposit(5_000, 'pay_1')), ...walletDecider.decide(whole, stateOf(history(deposit(5_000, 'pay_1'))), now)];
    given(refunded).when(whole, now).then([]);
    given(refunded)
      .when({ ...whole, refundId: 're_2', amountCents: 1 }, now)
      .thenRefuses('REFUND_TOO_LARGE');
  });

  it('takes disputed money back whatever the balance, and returns it (debt first) when the dispute is won', () => {
    const events = history(deposit(5_000, 'pay_1'), charge(4_500), {
      type: 'OpenDispute',
      userId: U,
      paymentId: 'pay_1',
      disputeId: 'dp_1',
      amountCents: 5_000,
    });
    expect(stateOf(events)).toMatchObject({ postedCents: 0, debtCents: 4_500 });
    given(events).when({ type: 'OpenDispute', userId: U, paymentId: 'pay_1', disputeId: 'dp_1', amountCents: 5_000 }, now).then([]);
    const won = [...events, ...walletDecider.decide({ type: 'CloseDispute', userId: U, disputeId: 'dp_1', outcome: 'won' }, stateOf(events), now)];
    expect(won.at(-1)!.data).toMatchObject({ amountCents: 5_000, toDebtCents: 4_500 });
    expect(stateOf(won)).toMatchObject({ postedCents: 500, debtCents: 0 });
    const lost = history(
      deposit(5_000, 'pay_1'),
      { type: 'OpenDispute', userId: U, paymentId: 'pay_1', disputeId: 'dp_1', amountCents: 5_000 },
      { type: 'CloseDispute', userId: U, disputeId: 'dp_1', outcome: 'lost' },
    );
    expect(lost.at(-1)!.type).toBe('DisputeLost');
    expect(stateOf(lost)).toMatchObject({ postedCents: 0, debtCents: 0 });
  });

  it('needs a reason for an adjustment and never adjusts below zero', () => {
    given([])
      .when({ type: 'AdjustBalance', userId: U, adjustmentId: 'a1', direction: 'credit', amountCents: 100, reason: ' ' }, now)
      .thenRefuses('REASON_REQUIRED');
    given([])
      .when({ type: 'AdjustBalance', userId: U, adjustmentId: 'a1', direction: 'debit', amountCents: 100, reason: 'Correction' }, now)
      .thenRefuses('INSUFFICIENT_BALANCE');
    const credited = history(
      { type: 'AddTestCredit', userId: U, creditId: 't1', amountCents: 2_000 },
      { type: 'CreditBonus', userId: U, bonusId: 'b1', week: '2026-W47', amountCents: 300 },
    );
    expect(availableCents(stateOf(credited))).toBe(2_300);
  });

  it('refunds what an entry took from a help request about it, never more than it took in all, and repays debt first', () => {
    const refund = (amountCents: number, adjustmentId: string, entrySeq = 2, entryDebitCents = 3_000): WalletCommand => ({
      type: 'RefundEntry',
      userId: U,
      adjustmentId,
      entrySeq,
      entryDebitCents,
      ticketId: 't1',
      amountCents,
      reason: 'Charged twice',
    });
    const charged = history(deposit(10_000), charge(3_000));
    const first = history(deposit(10_000), charge(3_000), refund(1_000, 'r1'));
    expect(first.at(-1)).toMatchObject({
      type: 'BalanceAdjusted',
      data: { direction: 'credit', amountCents: 1_000, reason: 'Charged twice', refundOf: { entrySeq: 2, ticketId: 't1' }, entry: { seq: 3 } },
    });
    expect(stateOf(first)).toMatchObject({ postedCents: 8_000, entryRefunds: { 2: 1_000 } });
    expect(postingsOf(first.at(-1)!)).toEqual([{ from: 'adjustments', to: 'agent:u1', amountCents: 1_000 }]);
    given(first).when(refund(2_001, 'r2'), now).thenRefuses('REFUND_OVER_ENTRY', 'Only $20.00 of this entry is left to refund.');
    const full = [...first, ...walletDecider.decide(refund(2_000, 'r2'), stateOf(first), now)];
    given(full).when(refund(1, 'r3'), now).thenRefuses('REFUND_OVER_ENTRY', 'This entry has been refunded in full.');
    // Another entry has its own cap; an entry that took nothing, or is not there yet, has nothing to refund.
    expect(walletDecider.decide(refund(500, 'r4', 1, 500), stateOf(full), now)).toHaveLength(1);
    given(charged)
      .when(refund(100, 'r5', 2, 0), now)
      .thenRefuses('ENTRY_NOT_REFUNDABLE');
    given(charged)
      .when(refund(100, 'r6', 9), now)
      .thenRefuses('ENTRY_NOT_REFUNDABLE');
    given(charged)
      .when({ ...refund(100, 'r7'), reason: ' ' } as WalletCommand, now)
      .thenRefuses('REASON_REQUIRED');
    // Money arriving while the agent owes pays the debt first.
    const owing = history(deposit(5_000, 'pay_1'), charge(5_000), {
      type: 'OpenDispute',
      userId: U,
      paymentId: 'pay_1',
      disputeId: 'dp_1',
      amountCents: 5_000,
    });
    const repaid = [...owing, ...walletDecider.decide(refund(1_000, 'r8', 2, 5_000), stateOf(owing), now)];
    expect(repaid.slice(-2).map((event) => event.type)).toEqual(['BalanceAdjusted', 'DebtRepaid']);
    expect(stateOf(repaid)).toMatchObject({ postedCents: 0, debtCents: 4_000 });
  });

  it('refuses amounts that are not whole positive cents', () => {
    for (const amountCents of [0, -5, 1.5, Number.NaN, 100_000_001]) given([]).when(deposit(amountCents), now).thenRefuses('INVALID_AMOUNT');
  });

  it('chains every entry to the one before by its hash, so a rewritten entry shows', () => {
    const events = history(deposit(5_000), hold(1_000), capture(300, 'l1'), charge(200));
    let prevHash = '';
    events.forEach((event, index) => {
      const entry = (event.data as { entry: { seq: number; prevHash: string; hash: string } }).entry;
      expect(entry.seq).toBe(index + 1);
      expect(entry.prevHash).toBe(prevHash);
      expect(entry.hash).toBe(ledgerHash(prevHash, event.type, event.data as Record<string, unknown>));
      prevHash = entry.hash;
    });
    const tampered = { ...events[1]!.data, amountCents: 1 } as Record<string, unknown>;
    expect(ledgerHash('', 'HoldPlaced', tampered)).not.toBe((events[1]!.data as { entry: { hash: string } }).entry.hash);
  });

  it('keeps every posting balanced and the agent account never below zero', () => {
    const events = history(deposit(5_000, 'pay_1'), hold(2_000), capture(700, 'l1'), charge(1_000), {
      type: 'RefundPayment',
      userId: U,
      paymentId: 'pay_1',
      refundId: 'r',
      amountCents: 1_300,
      allowDebt: false,
    });
    const byAccount = new Map<string, number>();
    for (const p of events.flatMap(postingsOf)) {
      byAccount.set(p.from, (byAccount.get(p.from) ?? 0) - p.amountCents);
      byAccount.set(p.to, (byAccount.get(p.to) ?? 0) + p.amountCents);
    }
    expect([...byAccount.values()].reduce((a, b) => a + b, 0)).toBe(0);
    expect(byAccount.get(`agent:${U}`)).toBe(2_000);
    expect(stateOf(events).postedCents).toBe(2_000);
    expect(availableCents(stateOf(events))).toBe(700);
    expect(() => walletDecider.decide(charge(701, 'c9'), stateOf(events), now)).toThrow(DomainError);
  });
});
