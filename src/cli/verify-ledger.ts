// npm run ledger:verify: recomputes every wallet's hash chain and checks its postings.
// Prints a line per broken wallet and a summary; exits 1 on any break.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';

import { loadConfig } from '../app-config.js';
import { MIGRATIONS } from '../modules.js';
import { checkLink } from '../modules/wallet/contracts/ledger-hash.js';
import { agentAccount, postingsOf, type WalletEvent } from '../modules/wallet/contracts/wallet-events.js';
import type { EventStore, RecordedEvent } from '../platform/event-store/event-store.port.js';
import { openInfrastructure } from '../platform/infrastructure.js';

export type LedgerBreak = {
  readonly streamId: string;
  /** The entry's seq where the wallet broke (the expected one when the seq itself is wrong), or the stream version for an event outside the chain. */
  readonly seq: number;
  readonly streamVersion: bigint;
  readonly what: 'seq' | 'prevHash' | 'hash' | 'postings' | 'agent-below-zero';
  readonly expected: string;
  readonly found: string;
};

export type LedgerReport = {
  readonly wallets: number;
  readonly events: number;
  readonly entries: number;
  /** The first break of each broken wallet (later entries of a broken wallet are not reported). */
  readonly breaks: readonly LedgerBreak[];
  /** Every account's balance over all wallets; each posting moves money, so these sum to 0. */
  readonly accountSumCents: number;
};

const STREAM_PAGE = 500;
const EVENT_PAGE = 1_000;

/**
 * Reads every `wallet-*` stream, a page of streams and a page of events at a time (memory stays
 * at one page plus one number per account), and checks each money event's place in the chain:
 * seq 1, 2, ...; prevHash the previous entry's hash; hash = ledgerHash(prevHash, type, data).
 * Then the postings: positive whole cents, summing to zero, the agent's account never below zero.
 */
export async function verifyLedger(pool: pg.Pool, store: EventStore, onBreak: (b: LedgerBreak) => void = () => undefined): Promise<LedgerReport> {
  const breaks: LedgerBreak[] = [];
  let wallets = 0;
  let events = 0;
  let entries = 0;
  let accountSumCents = 0;
  let after = '';
  for (;;) {
    // The range on stream_id uses the (stream_id, stream_version) index; '.' follows '-'.
    const { rows } = await pool.query<{ stream_id: string }>(
      `SELECT DISTINCT stream_id FROM es_events WHERE stream_id >= 'wallet-' AND stream_id < 'wallet.' AND stream_id > $1 ORDER BY stream_id LIMIT $2`,
      [after, STREAM_PAGE],
    );
    if (rows.length === 0) break;
    for (const { stream_id: streamId } of rows) {
      wallets += 1;
      const result = await verifyWallet(store, streamId);
      events += result.events;
      entries += result.entries;
      accountSumCents += result.accountSumCents;
      if (result.broken) {
        breaks.push(result.broken);
        onBreak(result.broken);
      }
    }
    after = rows[rows.length - 1]!.stream_id;
  }
  return { wallets, events, entries, breaks, accountSumCents };
}

async function verifyWallet(
  store: EventStore,
  streamId: string,
): Promise<{ events: number; entries: number; accountSumCents: number; broken: LedgerBreak | null }> {
  let seq = 0;
  let prevHash = '';
  let events = 0;
  let broken: LedgerBreak | null = null;
  const accounts = new Map<string, number>();
  let afterVersion = 0n;
  for (;;) {
    const page: RecordedEvent[] = await store.readStream(streamId, { afterVersion, maxCount: EVENT_PAGE });
    if (page.length === 0) break;
    for (const recorded of page) {
      events += 1;
      afterVersion = recorded.streamVersion;
      if (broken) continue;
      const at = (what: LedgerBreak['what'], expected: string, found: string, atSeq = seq + 1): LedgerBreak => ({
        streamId,
        seq: atSeq,
        streamVersion: recorded.streamVersion,
        what,
        expected,
        found,
      });
      const event = recorded as unknown as WalletEvent;
      const data = (event.data ?? {}) as unknown as Record<string, unknown>;
      const entry = data.entry as { seq?: unknown; prevHash?: unknown; hash?: unknown } | undefined;
      if (entry !== undefined) {
        const problem = checkLink({ seq, hash: prevHash }, { type: event.type, data, seq: entry.seq, prevHash: entry.prevHash, hash: entry.hash });
        if (problem) {
          broken = at(problem.what, problem.expected, problem.found);
          continue;
        }
        seq += 1;
        prevHash = entry.hash as string;
      } else if (event.type !== 'DisputeLost') {
        broken = at('seq', `an entry (seq ${seq + 1})`, 'none');
        continue;
      }
      let postings;
      try {
        postings = postingsOf(event);
      } catch (error) {
        broken = at('postings', 'a known wallet event', `${event.type}: ${error instanceof Error ? error.message : String(error)}`, seq);
        continue;
      }
      for (const posting of postings) {
        if (!Number.isSafeInteger(posting.amountCents) || posting.amountCents <= 0) {
          broken = at('postings', 'a positive whole number of cents', `${String(posting.amountCents)} (${posting.from} -> ${posting.to})`, seq);
          break;
        }
        accounts.set(posting.from, (accounts.get(posting.from) ?? 0) - posting.amountCents);
        accounts.set(posting.to, (accounts.get(posting.to) ?? 0) + posting.amountCents);
      }
      if (broken) continue;
      const agent = agentAccount(event.data.userId);
      const balance = accounts.get(agent) ?? 0;
      if (balance < 0) broken = at('agent-below-zero', `${agent} >= 0`, `${agent} = ${balance} cents`, seq);
    }
  }
  let accountSumCents = 0;
  for (const cents of accounts.values()) accountSumCents += cents;
  if (!broken && accountSumCents !== 0) {
    broken = { streamId, seq, streamVersion: afterVersion, what: 'postings', expected: 'postings summing to 0', found: `${accountSumCents} cents` };
  }
  return { events, entries: seq, accountSumCents, broken };
}

export function describeBreak(b: LedgerBreak): string {
  return `BROKEN ${b.streamId} seq ${b.seq} (event ${b.streamVersion}): ${b.what} expected ${b.expected}, found ${b.found}`;
}

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.eventStoreUrl) {
    process.stderr.write('ledger:verify reads the PostgreSQL event store; EVENTSTORE_URL is set.\n');
    return 2;
  }
  const infrastructure = await openInfrastructure(config, MIGRATIONS, (line) => process.stdout.write(`Database: ${line}\n`));
  try {
    const started = performance.now();
    const report = await verifyLedger(infrastructure.pool, infrastructure.store, (b) => process.stdout.write(`${describeBreak(b)}\n`));
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    process.stdout.write(
      `${report.wallets} wallets, ${report.events} events, ${report.entries} ledger entries checked in ${seconds} s; ` +
        `postings sum to ${report.accountSumCents} cents; ${report.breaks.length === 0 ? 'no breaks' : `${report.breaks.length} broken wallet(s)`}\n`,
    );
    return report.breaks.length === 0 && report.accountSumCents === 0 ? 0 : 1;
  } finally {
    await infrastructure.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
