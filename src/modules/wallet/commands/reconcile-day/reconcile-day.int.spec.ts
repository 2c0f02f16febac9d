import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { cardPostingsProjection } from '../../../../../projections/finance/card-postings/card-postings.projection.js';
import { inParallel } from '../../../../../test/support/parallel.js';
import { describeOn, everyDatabase } from '../../../../../test/support/test-databases.js';
import type { RecordedEvent } from '../../../../platform/event-store/event-store.port.js';
import { systemContext, userRequestContext } from '../../../../platform/event-store/new-event.js';
import { createPool, inTransaction, type SqlPool } from '../../../../platform/persistence/sql.js';
import type { CardPayments, ProviderRecord } from '../../../payments/contracts/card-payments.port.js';
import { ReconcileDay } from './reconcile-day.command.js';
import { ReconcileDayHandler } from './reconcile-day.handler.js';

for (const database of everyDatabase()) {
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

    it('keeps a report of matched, missing and differing lines from the ledger postings and the provider records', async () => {
      const userId = randomUUID();
      const day = '2031-03-14';
      const [paid, late, notAtProvider, refundId] = [`pi_${randomUUID()}`, `pi_${randomUUID()}`, `pi_${randomUUID()}`, `re_${randomUUID()}`];
      const entry = { seq: 1, prevHash: '', hash: 'x' };
      await inTransaction(pool, (tx) =>
        cardPostingsProjection.apply(
          [
            recorded('FundsDeposited', { userId, paymentId: paid, amountCents: 5_000, provider: 'demo', autoRecharge: false, entry }, `${day}T10:00:05Z`),
            recorded('FundsDeposited', { userId, paymentId: late, amountCents: 700, provider: 'demo', autoRecharge: false, entry }, '2031-03-15T00:00:02Z'),
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
        { kind: 'payment', id: late, paymentId: late, userId, amountCents: 700, at: new Date(`${day}T23:59:59Z`) },
        { kind: 'refund', id: refundId, paymentId: paid, userId, amountCents: -1_400, at: new Date(`${day}T13:00:00Z`) },
      ];
      const provider = {
        provider: 'demo',
        recordsOfDay: (d: string) => Promise.resolve(records.filter((r) => r.at.toISOString().startsWith(d))),
      } as unknown as CardPayments;
      const run = await new ReconcileDayHandler(pool, provider).execute(new ReconcileDay({ day }, userRequestContext('finance-user')));
      expect(run.totals).toMatchObject({ feesCents: -175, counts: { matched: 2, missing_in_ledger: 0, missing_at_provider: 1, amount_differs: 1 } });
      const { rows } = await pool.query(
        `SELECT status, reference, ledger_cents::int AS ledger, provider_cents::int AS provider FROM reconciliation_lines WHERE day = $1 ORDER BY line_no`,
        [day],
      );
      expect(rows).toEqual([
        { status: 'matched', reference: paid, ledger: 5_000, provider: 5_000 },
        { status: 'missing_at_provider', reference: notAtProvider, ledger: 1_000, provider: null },
        { status: 'amount_differs', reference: refundId, ledger: -1_500, provider: -1_400 },
        { status: 'matched', reference: late, ledger: 700, provider: 700 },
      ]);
      // Running the day again replaces its report.
      await new ReconcileDayHandler(pool, provider).execute(new ReconcileDay({ day }, userRequestContext('finance-user')));
      expect((await pool.query(`SELECT count(*)::int AS n FROM reconciliation_lines WHERE day = $1`, [day])).rows[0].n).toBe(4);
    });
    it('keeps the daily run’s report of a day however many daily runs come at once, and lets a finance user’s run replace it', async () => {
      const day = '2031-04-02';
      let calls = 0;
      // Each reading of the provider sees a different fee, so each report written can be told apart.
      const provider = {
        provider: 'demo',
        recordsOfDay: (d: string) => {
          calls += 1;
          const fee = -(100 + calls);
          return Promise.resolve(
            d === day ? [{ kind: 'fee', id: `fee_${calls}`, paymentId: 'pi_x', userId: 'u', amountCents: fee, at: new Date(`${day}T10:00:00Z`) }] : [],
          );
        },
      } as unknown as CardPayments;
      const handler = new ReconcileDayHandler(pool, provider);
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
