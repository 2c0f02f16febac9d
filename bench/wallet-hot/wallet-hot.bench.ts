// The same app spend (over HTTP, as wallet-debit: the smallest aged-lead package) concentrated on 10 wallets against spread
// over 1,000: how much contention on one agent's stream costs. Checks afterwards that no
// wallet went below zero (every chain folded, as npm run ledger:verify does).
import { fmt } from '../support/bench-database.js';
import { requireTool } from '../support/tools.js';
import { checkLedger, ms, requireScaled, spend, SPEND, startWalletApp } from '../wallet-debit/wallet-app.js';

const CONNECTIONS = 32;
const HOT = 10;
const SPREAD = 1_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const TARGET = 0.6;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

await requireScaled('wallet-hot');
requireTool('wrk', 'wallet-hot');
const app = await startWalletApp(SPREAD, 3 + 2 * ROUNDS * SECONDS);
try {
  const hot = app.userIds.slice(0, HOT);
  await spend(app, app.userIds, CONNECTIONS, 3); // warm-up
  const hotRuns = [];
  const spreadRuns = [];
  // Alternating rounds, so that a slow moment of the machine does not land on one side only.
  for (let round = 0; round < ROUNDS; round++) {
    hotRuns.push(await spend(app, hot, CONNECTIONS, SECONDS));
    spreadRuns.push(await spend(app, app.userIds, CONNECTIONS, SECONDS));
  }
  const refused = [...hotRuns, ...spreadRuns].reduce((sum, run) => sum + run.non2xx, 0);
  const ledger = await checkLedger(app);
  const hotRate = median(hotRuns.map((r) => r.rate));
  const spreadRate = median(spreadRuns.map((r) => r.rate));
  console.log(
    `wallet-hot: $10 aged-package purchases at ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s, PostgreSQL + Redis, one portal process`,
  );
  console.log(`spend: ${SPEND}`);
  console.log(
    `rounds: ${HOT} wallets ${hotRuns.map((r) => fmt(r.rate)).join(', ')}; ${fmt(SPREAD)} wallets ${spreadRuns.map((r) => fmt(r.rate)).join(', ')} purchases/s`,
  );
  console.log(`reference: ${fmt(SPREAD)} wallets ${fmt(spreadRate)} purchases/s (median; p99 ${ms(median(spreadRuns.map((r) => r.p99Ms)))})`);
  console.log(`${HOT} wallets ${fmt(hotRate)} purchases/s (median; p99 ${ms(median(hotRuns.map((r) => r.p99Ms)))}); non-2xx answers ${refused}`);
  console.log(
    `overdrafts: ${ledger.lowestCents < 0 || ledger.broken > 0 ? 'FOUND' : 'none'} (${fmt(ledger.wallets)} wallets, ${fmt(ledger.entries)} entries folded, ${ledger.broken} broken chains, lowest balance ${fmt(ledger.lowestCents)} cents)`,
  );
  if (ledger.lowestCents < 0 || ledger.broken > 0) process.exitCode = 1;
  console.log(`target >= ${TARGET} (rate on ${HOT} / rate on ${fmt(SPREAD)})`);
  console.log(`ratio ${(hotRate / spreadRate).toFixed(2)}`);
} finally {
  await app.close();
}
