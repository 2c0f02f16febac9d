import { toCsv } from '../../../platform/csv/csv.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { localTime } from '../../../platform/time/org-time.js';
import { statementEntries } from './wallet-read.js';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * An agent's statement for the days `from`..`to` of `zone` (the organisation's; an agent's own zone
 * from their profile would be passed here once they can choose one), as CSV: its date column names
 * the zone. With the file name to save it as.
 */
export async function statementCsv(
  db: SqlClient,
  userId: string,
  from: string,
  to: string,
  zone: string,
): Promise<{ csv: string; fileName: string; timeZone: string }> {
  const entries = await statementEntries(db, userId, from, to, zone);
  const actorOf = (e: (typeof entries)[number]) => (e.actor.type === 'user' ? (e.actor.email ?? e.actor.id) : `${e.actor.type}: ${e.actor.id}`);
  const csv = toCsv(
    [
      `Date (${zone})`,
      'Seq',
      'Type',
      'Description',
      'Cause',
      'Cause ID',
      'Amount (USD)',
      'Available after (USD)',
      'Held after (USD)',
      'Actor',
      'Test credit',
      'Hash',
    ],
    entries.map((e) => [
      localTime(new Date(e.occurredAt), zone),
      e.seq,
      e.type,
      e.description,
      e.cause.kind,
      e.cause.id,
      dollars(e.amountCents),
      dollars(e.availableAfterCents),
      dollars(e.heldAfterCents),
      actorOf(e),
      e.isTestCredit ? 'yes' : 'no',
      e.hash,
    ]),
  );
  return { csv, fileName: `wallet-statement-${from}-to-${to}.csv`, timeZone: zone };
}
