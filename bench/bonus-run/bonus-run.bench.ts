// A weekly bonus run for BENCH_AGENTS (5,000) agents, from freezing their inputs to every total
// paid into its wallet, through the module's own commands and the payout job's body, beside
// folding the same agents' wallets (what a payout must at least read) in the same run.
import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import pLimit from 'p-limit';

import { ApproveBonusRun } from '../../src/modules/bonuses/commands/approve-bonus-run/approve-bonus-run.command.js';
import { ApproveBonusRunHandler } from '../../src/modules/bonuses/commands/approve-bonus-run/approve-bonus-run.handler.js';
import { OpenBonusRun } from '../../src/modules/bonuses/commands/open-bonus-run/open-bonus-run.command.js';
import { OpenBonusRunHandler } from '../../src/modules/bonuses/commands/open-bonus-run/open-bonus-run.handler.js';
import { RecordBonusRunPaid } from '../../src/modules/bonuses/commands/record-bonus-run-paid/record-bonus-run-paid.command.js';
import { RecordBonusRunPaidHandler } from '../../src/modules/bonuses/commands/record-bonus-run-paid/record-bonus-run-paid.handler.js';
import { SubmitBonusRun } from '../../src/modules/bonuses/commands/submit-bonus-run/submit-bonus-run.command.js';
import { SubmitBonusRunHandler } from '../../src/modules/bonuses/commands/submit-bonus-run/submit-bonus-run.handler.js';
import { bonusRunStream } from '../../src/modules/bonuses/contracts/bonus-runs.js';
import { bonusWeekOf, bonusWeekRange, previousBonusWeek } from '../../src/modules/bonuses/domain/bonus-week.js';
import { payBonusRun } from '../../src/modules/bonuses/jobs/bonus-payout.job.js';
import { CreditBonusesHandler } from '../../src/modules/wallet/commands/credit-bonuses/credit-bonuses.handler.js';
import { ledgerHash } from '../../src/modules/wallet/contracts/ledger-hash.js';
import { CreditBonuses } from '../../src/modules/wallet/contracts/wallet-commands.js';
import { walletStream } from '../../src/modules/wallet/contracts/wallet-events.js';
import { WalletLedger } from '../../src/modules/wallet/services/wallet-ledger.js';
import { walletSnapshots, walletStateOf } from '../../src/modules/wallet/services/wallet-state.js';
import { toJsonEvent } from '../../src/platform/event-store/json-event.js';
import { newEvent, requestContext, systemContext } from '../../src/platform/event-store/new-event.js';
import { PostgresEventStore } from '../../src/platform/event-store/postgres-event-store.js';
import { createPool } from '../../src/platform/persistence/sql.js';
import { fmt, openBenchDatabase } from '../support/bench-database.js';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 5_000);
/** Each wallet's history before the run: a card deposit in the week, then charges. */
const WALLET_EVENTS = Number(process.env.BENCH_EVENTS ?? 20);
const TARGET = 0.5;
const ROLES = ['NEWBIE', 'VET', 'FTA', 'FSL', 'SAT'] as const;
const WEEK = previousBonusWeek(bonusWeekOf(new Date()));
const { start } = bonusWeekRange(WEEK);
const inWeek = new Date(start.getTime() + 36 * 3_600_000);

const db = await openBenchDatabase();
const pool = createPool(db.url, 10);
const store = new PostgresEventStore(pool);
const seedContext = systemContext('bench-bonus-run', inWeek);

const ledger = new WalletLedger(store, pool);
/** The handlers the run sends to, as the module registers them (the benchmark runs without Nest's decorator metadata). */
const handlers = new Map<unknown, { execute(command: unknown): Promise<unknown> }>([
  [CreditBonuses, new CreditBonusesHandler(ledger)],
  [OpenBonusRun, new OpenBonusRunHandler(store, pool)],
  [SubmitBonusRun, new SubmitBonusRunHandler(store)],
  [ApproveBonusRun, new ApproveBonusRunHandler(store)],
  [RecordBonusRunPaid, new RecordBonusRunPaidHandler(store)],
]);
const commands = {
  execute: (command: object) => handlers.get(command.constructor)!.execute(command as never),
} as unknown as CommandBus;

/** The agents, their settings, the week's figures (the poller's read model) and wallets with history and the week's deposit in the ledger read model. */
async function seed(): Promise<string[]> {
  const ids = Array.from({ length: AGENTS }, () => randomUUID());
  const emails = ids.map((id) => `bonus-${id.slice(0, 13)}@bench.test`);
  await pool.query('INSERT INTO users (id, email, email_confirmed_at) SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[])', [
    ids,
    emails,
    ids.map(() => new Date()),
  ]);
  await pool.query("INSERT INTO profiles (user_id, email, display_name) SELECT u, e, 'Bench Agent' FROM unnest($1::uuid[], $2::text[]) AS t(u, e)", [
    ids,
    emails,
  ]);
  await pool.query(
    `INSERT INTO bonus_agents (user_id, agent_number, commission_role, program_start_date, blue_report_track, updated_by)
     SELECT u, 'B-' || n, r, DATE '2026-06-01', CASE WHEN r = 'NEWBIE' THEN '250K' END, 'bench'
       FROM unnest($1::uuid[], $2::text[]) WITH ORDINALITY AS t(u, r, n)`,
    [ids, ids.map((_, i) => ROLES[i % ROLES.length]!)],
  );
  await pool.query(
    `INSERT INTO rm_week_performance (user_id, week, agent_number, submitted_cents, issued_cents, base_bonus_amount_cents, data_leads_match_limit_cents,
                                      made_lip_deposit, currently_engaged, has_figures, figures_at)
     SELECT u, $2, 'B-' || n, 1000000 + (n * 7919) % 3000000, 800000 + (n * 104729) % 2000000, 20000, 38850, n % 17 <> 0, n % 13 <> 0, true, now()
       FROM unnest($1::uuid[]) WITH ORDINALITY AS t(u, n)`,
    [ids, WEEK],
  );
  const limit = pLimit(8);
  await Promise.all(
    ids.map((userId, index) =>
      limit(async () => {
        let prevHash = '';
        const events = [];
        for (let seq = 1; seq <= WALLET_EVENTS; seq++) {
          const data =
            seq === 1
              ? {
                  type: 'FundsDeposited',
                  data: { userId, paymentId: randomUUID(), provider: 'demo', autoRecharge: false, amountCents: 50_000 + (index % 10) * 10_000 },
                }
              : { type: 'BalanceAdjusted', data: { userId, adjustmentId: randomUUID(), direction: 'debit', amountCents: 100, reason: 'lead' } };
          const hash = ledgerHash(prevHash, data.type, data.data);
          events.push(newEvent(data.type, { ...data.data, entry: { seq, prevHash, hash } }, seedContext));
          prevHash = hash;
        }
        await store.append(walletStream(userId), events, { expectedVersion: 'no_stream' });
      }),
    ),
  );
  // The week's deposits as the ledger read model has them (the run reads them from there).
  await pool.query(
    `INSERT INTO rm_wallet_ledger (user_id, seq, event_id, type, amount_cents, posted_change_cents, held_change_cents, posted_after_cents, held_after_cents,
                                   available_after_cents, cause_kind, cause_id, description, actor_type, actor_id, occurred_at, prev_hash, hash, is_test_credit, data)
     SELECT u, 1, gen_random_uuid(), 'FundsDeposited', c, c, 0, c, 0, c, 'payment', 'p', 'Card top-up', 'system', 'bench', $3, '', 'h', false, '{}'
       FROM unnest($1::uuid[], $2::bigint[]) AS t(u, c)`,
    [ids, ids.map((_, index) => 50_000 + (index % 10) * 10_000), inWeek],
  );
  await pool.query('ANALYZE');
  return ids;
}

/** Wallets folded at once by the reference (the app's pool has 10 connections). */
const FOLD_CONCURRENCY = 8;

/** The reference: every agent's wallet folded (its snapshot and the events after it), FOLD_CONCURRENCY at once. */
async function foldWallets(ids: readonly string[]): Promise<number> {
  const snapshots = walletSnapshots(pool);
  const limit = pLimit(FOLD_CONCURRENCY);
  const started = performance.now();
  await Promise.all(ids.map((userId) => limit(() => walletStateOf(store, snapshots, userId))));
  return (performance.now() - started) / 1000;
}

try {
  const seedStarted = performance.now();
  const ids = await seed();
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  // Warm both paths once (connections, plans, the JIT) on a few wallets, outside the timing.
  await foldWallets(ids.slice(0, 50));
  const foldSeconds = await foldWallets(ids);

  const admin = (id: string) => requestContext({ type: 'user', id }, randomUUID());
  const runStarted = performance.now();
  const opened = await commands.execute(new OpenBonusRun({ week: WEEK }, admin('bench-preparer')));
  const openedAt = performance.now();
  await commands.execute(new SubmitBonusRun({ week: WEEK }, admin('bench-preparer')));
  await commands.execute(new ApproveBonusRun({ week: WEEK }, admin('bench-approver')));
  const approved = (await store.readStream(bonusRunStream(WEEK))).find((event) => event.type === 'BonusRunApproved')!;
  await payBonusRun(store, commands, toJsonEvent(approved) as never);
  const runSeconds = (performance.now() - runStarted) / 1000;

  const { rows } = await pool.query<{ credited: string; cents: string }>(
    `SELECT count(*) AS credited, coalesce(sum((data->>'amountCents')::bigint), 0) AS cents FROM es_events WHERE event_type = 'BonusCredited'`,
  );
  const paid = (await store.readStream(bonusRunStream(WEEK))).find((event) => event.type === 'BonusRunPaid');
  const paidData = paid?.data as { agentsPaid: number; totalCents: number } | undefined;
  if (!paidData || Number(rows[0]!.credited) !== paidData.agentsPaid || Number(rows[0]!.cents) !== paidData.totalCents)
    throw new Error(`the run is not paid exactly once per agent: ${JSON.stringify({ rows, paidData })}`);

  console.log(`bonus-run: a weekly run for ${fmt(AGENTS)} agents (${WALLET_EVENTS} events in each wallet), ${db.label}`);
  console.log(`seeded in ${seedSeconds.toFixed(1)} s`);
  console.log(`reference: ${fmt(AGENTS)} wallets folded in ${foldSeconds.toFixed(2)} s (${FOLD_CONCURRENCY} at once), ${fmt(AGENTS / foldSeconds)} wallets/s`);
  console.log(
    `run: opened (inputs frozen and computed: ${fmt(opened.agents)} agents, ${fmt(opened.exceptions)} exceptions) in ${((openedAt - runStarted) / 1000).toFixed(2)} s; ` +
      `submitted, approved and paid (${fmt(paidData.agentsPaid)} wallets credited, ${fmt(paidData.totalCents / 100)} dollars) in ${((performance.now() - openedAt) / 1000).toFixed(2)} s`,
  );
  console.log(`run wall time ${runSeconds.toFixed(2)} s, ${fmt(AGENTS / runSeconds)} agents/s`);
  console.log(`target >= ${TARGET} (the wallets' fold time / the run's wall time)`);
  console.log(`ratio ${(foldSeconds / runSeconds).toFixed(2)}`);
} finally {
  await pool.end();
  await db.drop();
}
