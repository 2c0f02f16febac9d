// The reference: the same debit in plain SQL on the same database, one transaction each
// (SELECT ... FOR UPDATE, UPDATE, INSERT), from `clients` concurrent connections.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { FUNDS_CENTS, SPEND_CENTS } from './wallet-app.js';

export async function prepareSqlWallets(url: string, wallets: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP TABLE IF EXISTS bench_wallet_entries, bench_wallets`);
    await client.query(`CREATE TABLE bench_wallets (id int PRIMARY KEY, balance_cents bigint NOT NULL CHECK (balance_cents >= 0))`);
    await client.query(
      `CREATE TABLE bench_wallet_entries (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, wallet_id int NOT NULL REFERENCES bench_wallets, amount_cents bigint NOT NULL, reason text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await client.query(`INSERT INTO bench_wallets SELECT n, $1 FROM generate_series(1, $2) AS n`, [FUNDS_CENTS, wallets]);
  } finally {
    await client.end();
  }
}

/** A node `pg` loop: `clients` connections, each debiting a random wallet, one transaction per debit. */
export async function sqlLoop(url: string, wallets: number, clients: number, seconds: number): Promise<number> {
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  let done = 0;
  const deadline = performance.now() + seconds * 1000;
  try {
    await Promise.all(
      connections.map(async (client) => {
        while (performance.now() < deadline) {
          const id = 1 + Math.floor(Math.random() * wallets);
          await client.query('BEGIN');
          const { rows } = await client.query<{ balance_cents: string }>('SELECT balance_cents FROM bench_wallets WHERE id = $1 FOR UPDATE', [id]);
          if (Number(rows[0]!.balance_cents) < SPEND_CENTS) throw new Error('SQL wallet ran dry');
          await client.query('UPDATE bench_wallets SET balance_cents = balance_cents - $2 WHERE id = $1', [id, SPEND_CENTS]);
          await client.query('INSERT INTO bench_wallet_entries (wallet_id, amount_cents, reason) VALUES ($1, $2, $3)', [id, -SPEND_CENTS, 'benchmark spend']);
          await client.query('COMMIT');
          done += 1;
        }
      }),
    );
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
  return done / seconds;
}

/** pgbench (C, when installed) running the same transaction: transactions/s, or null without pgbench. */
export async function pgbench(url: string, wallets: number, clients: number, seconds: number): Promise<number | null> {
  return runPgbench(
    url,
    clients,
    seconds,
    `\\set w random(1, ${wallets})
BEGIN;
SELECT balance_cents FROM bench_wallets WHERE id = :w FOR UPDATE;
UPDATE bench_wallets SET balance_cents = balance_cents - ${SPEND_CENTS} WHERE id = :w;
INSERT INTO bench_wallet_entries (wallet_id, amount_cents, reason) VALUES (:w, -${SPEND_CENTS}, 'benchmark spend');
COMMIT;
`,
  );
}

/**
 * The whole purchase in plain SQL, as a ceiling for any implementation of this spend: the
 * package's leads claimed from an inventory shaped and indexed like the app's (the oldest
 * available, FOR UPDATE SKIP LOCKED), and the debit, in one transaction; pgbench, or null
 * without it. `stock` leads are put in first (enough for the run at the rate expected).
 */
export async function pgbenchPurchase(url: string, wallets: number, clients: number, seconds: number, quantity: number, stock: number): Promise<number | null> {
  if (spawnSync('pgbench', ['--version']).error) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP TABLE IF EXISTS bench_inventory');
    await client.query(
      'CREATE TABLE bench_inventory (lead_id uuid PRIMARY KEY, tier text NOT NULL, state text NOT NULL, added_at timestamptz NOT NULL, order_id bigint)',
    );
    await client.query(
      `INSERT INTO bench_inventory SELECT gen_random_uuid(), 'basic', 'FL', now() - make_interval(secs => n) FROM generate_series(1, $1) AS n`,
      [stock],
    );
    await client.query('CREATE INDEX ON bench_inventory (tier, added_at, lead_id) WHERE order_id IS NULL');
    await client.query('VACUUM ANALYZE bench_inventory');
  } finally {
    await client.end();
  }
  return runPgbench(
    url,
    clients,
    seconds,
    `\\set w random(1, ${wallets})
\\set o random(1, 2000000000)
BEGIN;
SELECT balance_cents FROM bench_wallets WHERE id = :w FOR UPDATE;
WITH picked AS (SELECT lead_id FROM bench_inventory WHERE order_id IS NULL AND tier = 'basic' ORDER BY added_at, lead_id LIMIT ${quantity} FOR UPDATE SKIP LOCKED)
UPDATE bench_inventory SET order_id = :o FROM picked WHERE bench_inventory.lead_id = picked.lead_id;
UPDATE bench_wallets SET balance_cents = balance_cents - ${SPEND_CENTS} WHERE id = :w;
INSERT INTO bench_wallet_entries (wallet_id, amount_cents, reason) VALUES (:w, -${SPEND_CENTS}, 'aged package');
COMMIT;
`,
  );
}

export async function runPgbench(url: string, clients: number, seconds: number, transaction: string): Promise<number | null> {
  if (spawnSync('pgbench', ['--version']).error) return null;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-pgbench-'));
  const script = path.join(dir, 'transaction.sql');
  await fs.writeFile(script, transaction);
  try {
    const out = spawnSync('pgbench', ['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', script, url], {
      encoding: 'utf8',
    });
    const tps = out.stdout.match(/tps = ([\d.]+)/);
    if (!tps) throw new Error(`pgbench failed: ${out.stdout}${out.stderr}`);
    return Number(tps[1]);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
