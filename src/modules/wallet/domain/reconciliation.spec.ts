import { describe, expect, it } from 'vitest';

import type { ProviderRecord } from '../../payments/contracts/card-payments.port.js';
import { reconcileDay, type LedgerLine } from './reconciliation.js';

const NY = 'America/New_York';

const at = (time: string) => new Date(`2026-11-23T${time}Z`);
const payment = (id: string, amountCents: number, time = '10:00:00'): ProviderRecord => ({
  kind: 'payment',
  id,
  paymentId: id,
  userId: 'u1',
  amountCents,
  at: at(time),
});
const deposit = (paymentId: string, amountCents: number, time = '10:00:05'): LedgerLine => ({
  kind: 'payment',
  reference: paymentId,
  paymentId,
  userId: 'u1',
  amountCents,
  at: at(time),
});

describe('reconciling a day', () => {
  it('matches each provider record with its ledger posting to the cent', () => {
    const { lines, totals } = reconcileDay(
      '2026-11-23',
      NY,
      [
        payment('pi_1', 5_000),
        { kind: 'refund', id: 're_1', paymentId: 'pi_1', userId: 'u1', amountCents: -2_000, at: at('11:00:00') },
        { kind: 'fee', id: 'fee_1', paymentId: 'pi_1', userId: null, amountCents: -175, at: at('10:00:00') },
      ],
      [deposit('pi_1', 5_000), { kind: 'refund', reference: 're_1', paymentId: 'pi_1', userId: 'u1', amountCents: -2_000, at: at('11:00:01') }],
    );
    expect(lines.map((l) => [l.status, l.kind, l.reference])).toEqual([
      ['matched', 'payment', 'pi_1'],
      ['matched', 'refund', 're_1'],
    ]);
    expect(totals).toMatchObject({
      ledgerCents: 3_000,
      providerCents: 3_000,
      feesCents: -175,
      counts: { matched: 2, missing_in_ledger: 0, missing_at_provider: 0, amount_differs: 0 },
    });
  });

  it('names what is missing on either side and what differs', () => {
    const { lines, totals } = reconcileDay(
      '2026-11-23',
      NY,
      [payment('pi_1', 5_000), payment('pi_2', 2_500, '12:00:00')],
      [deposit('pi_1', 4_999), deposit('pi_3', 1_000, '13:00:00')],
    );
    expect(lines.map((l) => [l.status, l.reference, l.ledgerCents, l.providerCents])).toEqual([
      ['amount_differs', 'pi_1', 4_999, 5_000],
      ['missing_in_ledger', 'pi_2', null, 2_500],
      ['missing_at_provider', 'pi_3', 1_000, null],
    ]);
    expect(totals.counts).toEqual({ matched: 0, missing_in_ledger: 1, missing_at_provider: 1, amount_differs: 1 });
  });

  it('matches a payment made before midnight and credited after it, on the payment day only', () => {
    // 23:59:58 and 00:00:03 in New York (EST, UTC-5).
    const records = [{ ...payment('pi_late', 700), at: new Date('2026-11-24T04:59:58Z') }];
    const ledger = [{ ...deposit('pi_late', 700), at: new Date('2026-11-24T05:00:03Z') }];
    expect(reconcileDay('2026-11-23', NY, records, ledger).lines.map((l) => l.status)).toEqual(['matched']);
    expect(reconcileDay('2026-11-24', NY, records, ledger).lines).toEqual([]);
  });

  it('counts a day as the organisation’s calendar day: 02:00 UTC is the evening before in New York', () => {
    const records = [
      payment('pi_evening', 900, '02:00:00'),
      { kind: 'fee' as const, id: 'fee_e', paymentId: 'pi_evening', userId: null, amountCents: -56, at: at('02:00:00') },
    ];
    const ledger = [deposit('pi_evening', 900, '02:00:04'), deposit('pi_unpaid', 300, '03:30:00')];
    const evening = reconcileDay('2026-11-22', NY, records, ledger);
    expect(evening.lines.map((l) => [l.status, l.reference])).toEqual([
      ['matched', 'pi_evening'],
      ['missing_at_provider', 'pi_unpaid'],
    ]);
    expect(evening.totals.feesCents).toBe(-56);
    expect(reconcileDay('2026-11-23', NY, records, ledger).lines).toEqual([]);
    // The same moments in a UTC organisation are the 23rd's.
    expect(reconcileDay('2026-11-23', 'UTC', records, ledger).lines).toHaveLength(2);
  });

  it('tells a dispute withdrawal from its reversal by sign', () => {
    const { lines } = reconcileDay(
      '2026-11-23',
      NY,
      [
        { kind: 'dispute', id: 'dp_1', paymentId: 'pi_1', userId: 'u1', amountCents: -5_000, at: at('09:00:00') },
        { kind: 'dispute', id: 'dp_1', paymentId: 'pi_1', userId: 'u1', amountCents: 5_000, at: at('15:00:00') },
      ],
      [
        { kind: 'dispute', reference: 'dp_1', paymentId: 'pi_1', userId: 'u1', amountCents: -5_000, at: at('09:00:01') },
        { kind: 'dispute_reversal', reference: 'dp_1', paymentId: 'pi_1', userId: 'u1', amountCents: 5_000, at: at('15:00:01') },
      ],
    );
    expect(lines.map((l) => [l.status, l.kind])).toEqual([
      ['matched', 'dispute'],
      ['matched', 'dispute_reversal'],
    ]);
  });
});
