import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import { dayRangeIn, shiftDay, startOfDayIn } from '../../../../platform/time/org-time.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments, type ProviderRecord } from '../../../payments/contracts/card-payments.port.js';
import { reconcileDay, type LedgerLine, type MatchKind, type ReconciliationTotals } from '../../domain/reconciliation.js';
import type { WalletConfig } from '../../wallet.config.js';
import { ReconcileDay, type ReconciliationRun } from './reconcile-day.command.js';

/** Reads the provider's records and the ledger's card postings around the day, and replaces the day's report; run_by is the actor's id. With `once`, a report
 * this actor already made stands (two daily runs of a day, one of them queued at start). */
@CommandHandler(ReconcileDay)
export class ReconcileDayHandler implements ICommandHandler<ReconcileDay, ReconciliationRun> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(CONFIG) private readonly config: Pick<WalletConfig, 'orgTimeZone'>,
  ) {}

  async execute({ input: { day, once }, context }: ReconcileDay): Promise<ReconciliationRun> {
    if (once) {
      const kept = await reportOf(this.pool, day, context.actor.id);
      if (kept) return kept;
    }
    // A day is the organisation's calendar day. The neighbouring days too: a payment at 23:59 is credited after midnight and still matches.
    const zone = this.config.orgTimeZone;
    const [from, to] = [startOfDayIn(shiftDay(day, -1), zone), dayRangeIn(shiftDay(day, 1), zone).end];
    const records: ProviderRecord[] = [...(await this.payments.recordsBetween(from, to))];
    const { rows } = await this.pool.query<{
      kind: MatchKind;
      reference: string;
      payment_id: string;
      user_id: string;
      amount_cents: string;
      occurred_at: Date;
    }>(
      `SELECT kind, reference, payment_id, user_id::text, amount_cents, occurred_at FROM rm_card_postings
        WHERE occurred_at >= $1 AND occurred_at < $2`,
      [from, to],
    );
    const ledger: LedgerLine[] = rows.map((r) => ({
      kind: r.kind,
      reference: r.reference,
      paymentId: r.payment_id,
      userId: r.user_id,
      amountCents: Number(r.amount_cents),
      at: r.occurred_at,
    }));
    const { lines, totals } = reconcileDay(day, zone, records, ledger);
    return inTransaction(this.pool, async (tx) => {
      // Runs of one day take turns: a second run replaces the first instead of colliding on the day's key.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`reconcile-day:${day}`]);
      if (once) {
        const kept = await reportOf(tx, day, context.actor.id);
        if (kept) return kept;
      }
      await tx.query(`DELETE FROM reconciliation_reports WHERE day = $1`, [day]);
      await tx.query(`INSERT INTO reconciliation_reports (day, run_at, run_by, provider, totals) VALUES ($1, now(), $2, $3, $4)`, [
        day,
        context.actor.id,
        this.payments.provider,
        JSON.stringify(totals),
      ]);
      for (const [index, line] of lines.entries()) {
        await tx.query(
          `INSERT INTO reconciliation_lines (day, line_no, status, kind, reference, payment_id, user_id, ledger_cents, provider_cents, at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [
            day,
            index + 1,
            line.status,
            line.kind,
            line.reference,
            line.paymentId,
            isUuid(line.userId) ? line.userId : null,
            line.ledgerCents,
            line.providerCents,
            line.at,
          ],
        );
      }
      return { day, totals };
    });
  }
}

async function reportOf(db: SqlClient, day: string, runBy: string): Promise<ReconciliationRun | null> {
  const { rows } = await db.query<{ totals: ReconciliationTotals }>(`SELECT totals FROM reconciliation_reports WHERE day = $1 AND run_by = $2`, [day, runBy]);
  return rows[0] ? { day, totals: rows[0].totals } : null;
}

const isUuid = (value: string | null): value is string => value !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
