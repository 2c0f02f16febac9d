import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { cardPostingsProjection } from '../../../../../projections/finance/card-postings/card-postings.projection.js';
import { inParallel } from '../../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import type { RecordedEvent } from '../../../../platform/event-store/event-store.port.js';
import { systemContext, userRequestContext } from '../../../../platform/event-store/new-event.js';
import { createPool, inTransaction, type SqlPool } from '../../../../platform/persistence/sql.js';
import type { CardPayments, ProviderRecord } from '../../../payments/contracts/card-payments.port.js';
import { ReconcileDay } from './reconcile-day.command.js';
import { ReconcileDayHandler } from './reconcile-day.handler.js';

/** The organisation's zone: a finance day is its calendar day. */
const ORG = { orgTimeZone: 'America/New_York' };

for (const database of oneDatabase()) {
  describeOn(database, `reconciling a day on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 4);
    });
    afterAll(() => pool.end());

    const recorded = (type: string, data: Record<string, unknown>, occurredAt: string): RecordedEvent =>
      ({
        type,
        data,
        metadata: { eventId: randomUUID(), occurredAt, actor: { type: 'system', id: 'test' }, correlationId: randomUUID(), causationId: null },
      }) as unknown as RecordedEvent;

    it('keeps a report of a New York day: matched, missing and differing lines from the ledger postings and the provider records', async () => {
      const userId = randomUUID();
      const day = '2031-03-14';
      const [paid, late, notAtProvider, evening, refundId] = [
        `pi_${randomUUID()}`,
        `pi_${randomUUID()}`,
        `pi_${randomUUID()}`,
        `pi_${randomUUID()}`,
        `re_${randomUUID()}`,
      ];
      const entry = { seq: 1, prevHash: '', hash: 'x' };
      await inTransaction(pool, (tx) =>
        cardPostingsProjection.apply(
          [
            recorded('FundsDeposited', { userId, paymentId: paid, amountCents: 5_000, provider: 'demo', autoRecharge: false, entry }, `${day}T10:00:05Z`),
            // 00:00:02 on the 15th in New York (EDT, UTC-4).
            recorded('FundsDeposited', { userId, paymentId: late, amountCents: 700, provider: 'demo', autoRecharge: false, entry }, '2031-03-15T04:00:02Z'),
            // 02:00 UTC on the 15th is 22:00 on the 14th in New York: the 14th's.
            recorded('FundsDeposited', { userId, paymentId: evening, amountCents: 300, provider: 'demo', autoRecharge: false, entry }, '2031-03-15T02:00:00Z'),
            recorded(
              'FundsDeposited',
              { userId, paymentId: notAtProvider, amountCents: 1_000, provider: 'demo', autoRecharge: false, entry },
              `${day}T12:00:00Z`,
            ),
            recorded('PaymentRefunded', { userId, paymentId: paid, refundId, amountCents: 1_500, fromDebtCents: 0, entry }, `${day}T13:00:00Z`),
          ],
          tx,
        ),
      );
      const records: ProviderRecord[] = [
        { kind: 'payment', id: paid, paymentId: paid, userId, amountCents: 5_000, at: new Date(`${day}T10:00:00Z`) },
        { kind: 'fee', id: `fee_${paid}`, paymentId: paid, userId, amountCents: -175, at: new Date(`${day}T10:00:00Z`) },
        { kind: 'payment', id: late, paymentId: late, userId, amountCents: 700, at: new Date('2031-03-15T03:59:59Z') },
        { kind: 'refund', id: refundId, paymentId: paid, userId, amountCents: -1_400, at: new Date(`${day}T13:00:00Z`) },
      ];
      const asked: [string, string][] = [];
      const provider = {
        provider: 'demo',
        recordsBetween: (from: Date, to: Date) => {
          asked.push([from.toISOString(), to.toISOString()]);
          return Promise.resolve(records.filter((r) => r.at >= from && r.at < to));
        },
      } as unknown as CardPayments;
      const run = await new ReconcileDayHandler(pool, provider, ORG).execute(new ReconcileDay({ day }, userRequestContext('finance-user')));
      // The New York days before and after too (the 13th starts at 04:00 UTC, the 15th ends at 04:00 UTC on the 16th).
      expect(asked).toEqual([['2031-03-13T04:00:00.000Z', '2031-03-16T04:00:00.000Z']]);
      expect(run.totals).toMatchObject({ feesCents: -175, counts: { matched: 2, missing_in_ledger: 0, missing_at_provider: 2, amount_differs: 1 } });
      const { rows } = await pool.query(
        `SELECT status, reference, ledger_cents::int AS ledger, provider_cents::int AS provider FROM reconciliation_lines WHERE day = $1 ORDER BY line_no`,
        [day],
      );
      expect(rows).toEqual([
        { status: 'matched', reference: paid, ledger: 5_000, provider: 5_000 },
        { status: 'missing_at_provider', reference: notAtProvider, ledger: 1_000, provider: null },
        { status: 'amount_differs', reference: refundId, ledger: -1_500, provider: -1_400 },
        { status: 'missing_at_provider', reference: evening, ledger: 300, provider: null },
        { status: 'matched', reference: late, ledger: 700, provider: 700 },
      ]);
      // Running the day again replaces its report.
      await new ReconcileDayHandler(pool, provider, ORG).execute(new ReconcileDay({ day }, userRequestContext('finance-user')));
      expect((await pool.query(`SELECT count(*)::int AS n FROM reconciliation_lines WHERE day = $1`, [day])).rows[0].n).toBe(5);
    });
    it('keeps the daily run’s report of a day however many daily runs come at once, and lets a finance user’s run replace it', async () => {
      const day = '2031-04-02';
      let calls = 0;
      // Each reading of the provider sees a different fee, so each report written can be told apart.
      const provider = {
        provider: 'demo',
        recordsBetween: () => {
          calls += 1;
          const fee = -(100 + calls);
          return Promise.resolve([{ kind: 'fee', id: `fee_${calls}`, paymentId: 'pi_x', userId: 'u', amountCents: fee, at: new Date(`${day}T10:00:00Z`) }]);
        },
      } as unknown as CardPayments;
      const handler = new ReconcileDayHandler(pool, provider, ORG);
      const runs = await inParallel(30, () => handler.execute(new ReconcileDay({ day, once: true }, systemContext('daily-job'))));
      const stored = await pool.query(`SELECT run_by, totals FROM reconciliation_reports WHERE day = $1`, [day]);
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0].run_by).toBe('daily-job');
      expect(new Set(runs.map((run) => run.totals.feesCents))).toEqual(new Set([stored.rows[0].totals.feesCents]));

      const byFinance = await inParallel(30, () => handler.execute(new ReconcileDay({ day }, userRequestContext('finance-user'))));
      const replaced = await pool.query(`SELECT run_by, totals FROM reconciliation_reports WHERE day = $1`, [day]);
      expect(replaced.rows).toHaveLength(1);
      expect(replaced.rows[0].run_by).toBe('finance-user');
      expect(byFinance.map((run) => run.totals.feesCents)).toContain(replaced.rows[0].totals.feesCents);
    });
  });
}
