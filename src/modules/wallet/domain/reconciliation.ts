import { dayIn } from '../../../platform/time/org-time.js';
import type { ProviderRecord } from '../../payments/contracts/card-payments.port.js';

/**
 * Matching the card provider's records of a day against the ledger's card-processor postings,
 * to the cent. Amounts are signed as they change the money held at
 * the provider for the organisation: a payment +, a refund −, a dispute withdrawal −, a dispute
 * reversal (won) +, a fee −. Fees have no ledger side: they are the organisation's cost, shown
 * as a total, never as a mismatch.
 */
export type MatchKind = 'payment' | 'refund' | 'dispute' | 'dispute_reversal';

/** One card-processor posting of the ledger (rm_card_postings). */
export type LedgerLine = {
  readonly kind: MatchKind;
  /** The payment, refund or dispute id the provider knows it by. */
  readonly reference: string;
  readonly paymentId: string;
  readonly userId: string;
  readonly amountCents: number;
  readonly at: Date;
};

export type LineStatus = 'matched' | 'missing_in_ledger' | 'missing_at_provider' | 'amount_differs';

export type ReportLine = {
  readonly status: LineStatus;
  readonly kind: MatchKind;
  readonly reference: string;
  readonly paymentId: string | null;
  readonly userId: string | null;
  readonly ledgerCents: number | null;
  readonly providerCents: number | null;
  readonly at: Date;
};

export type ReconciliationTotals = {
  readonly ledgerCents: number;
  readonly providerCents: number;
  readonly feesCents: number;
  readonly counts: Readonly<Record<LineStatus, number>>;
  readonly byKind: Readonly<Record<MatchKind, { readonly ledgerCents: number; readonly providerCents: number }>>;
};

/** The provider record's kind in matching terms (a dispute's sign tells withdrawal from reversal). */
export function matchKindOf(record: ProviderRecord): MatchKind | 'fee' {
  if (record.kind === 'dispute') return record.amountCents < 0 ? 'dispute' : 'dispute_reversal';
  return record.kind;
}

/**
 * The report of `day`, a calendar day of `zone` (the organisation's: a finance day). Pass the
 * records and postings of the day before and after too: a payment made at 23:59 is often
 * credited after midnight, and matches across the boundary. A matched pair belongs to the
 * provider's day; an unmatched line to its own side's day.
 */
export function reconcileDay(
  day: string,
  zone: string,
  records: readonly ProviderRecord[],
  ledger: readonly LedgerLine[],
): { lines: ReportLine[]; totals: ReconciliationTotals } {
  const dayOf = (at: Date) => dayIn(at, zone);
  const keyOf = (kind: MatchKind, reference: string) => `${kind}:${reference}`;
  const ledgerByKey = new Map<string, LedgerLine[]>();
  for (const line of ledger) ledgerByKey.set(keyOf(line.kind, line.reference), [...(ledgerByKey.get(keyOf(line.kind, line.reference)) ?? []), line]);

  const lines: ReportLine[] = [];
  let feesCents = 0;
  const used = new Set<LedgerLine>();
  for (const record of records) {
    const kind = matchKindOf(record);
    if (kind === 'fee') {
      if (dayOf(record.at) === day) feesCents += record.amountCents;
      continue;
    }
    const matches = ledgerByKey.get(keyOf(kind, record.id)) ?? [];
    matches.forEach((line) => used.add(line));
    if (dayOf(record.at) !== day) continue;
    const ledgerCents = matches.length > 0 ? matches.reduce((sum, line) => sum + line.amountCents, 0) : null;
    lines.push({
      status: ledgerCents === null ? 'missing_in_ledger' : ledgerCents === record.amountCents ? 'matched' : 'amount_differs',
      kind,
      reference: record.id,
      paymentId: record.paymentId ?? matches[0]?.paymentId ?? null,
      userId: record.userId ?? matches[0]?.userId ?? null,
      ledgerCents,
      providerCents: record.amountCents,
      at: record.at,
    });
  }
  for (const line of ledger) {
    if (used.has(line) || dayOf(line.at) !== day) continue;
    lines.push({
      status: 'missing_at_provider',
      kind: line.kind,
      reference: line.reference,
      paymentId: line.paymentId,
      userId: line.userId,
      ledgerCents: line.amountCents,
      providerCents: null,
      at: line.at,
    });
  }
  lines.sort((a, b) => a.at.getTime() - b.at.getTime() || a.reference.localeCompare(b.reference));

  const counts: Record<LineStatus, number> = { matched: 0, missing_in_ledger: 0, missing_at_provider: 0, amount_differs: 0 };
  const byKind: Record<MatchKind, { ledgerCents: number; providerCents: number }> = {
    payment: { ledgerCents: 0, providerCents: 0 },
    refund: { ledgerCents: 0, providerCents: 0 },
    dispute: { ledgerCents: 0, providerCents: 0 },
    dispute_reversal: { ledgerCents: 0, providerCents: 0 },
  };
  for (const line of lines) {
    counts[line.status] += 1;
    byKind[line.kind].ledgerCents += line.ledgerCents ?? 0;
    byKind[line.kind].providerCents += line.providerCents ?? 0;
  }
  const ledgerCents = lines.reduce((sum, line) => sum + (line.ledgerCents ?? 0), 0);
  const providerCents = lines.reduce((sum, line) => sum + (line.providerCents ?? 0), 0);
  return { lines, totals: { ledgerCents, providerCents, feesCents, counts, byKind } };
}
