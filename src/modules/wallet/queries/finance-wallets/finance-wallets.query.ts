import type { SqlClient } from '../../../../platform/persistence/sql.js';

export const WALLET_SORTS = {
  name: `coalesce(u.display_name, u.email)`,
  email: 'u.email',
  available: 'coalesce(b.available_cents, 0)',
  held: 'coalesce(b.held_cents, 0)',
  deposited: 'coalesce(b.deposited_cents, 0)',
  contributed: 'coalesce(b.contributed_cents, 0)',
  debt: 'coalesce(b.debt_cents, 0)',
} as const;
export type WalletSort = keyof typeof WALLET_SORTS;

export type FinanceWalletRow = {
  readonly userId: string;
  readonly name: string | null;
  readonly email: string;
  readonly availableCents: number;
  readonly heldCents: number;
  readonly depositedCents: number;
  readonly contributedCents: number;
  readonly debtCents: number;
  readonly testCreditCents: number;
};

/** Every account's wallet (zeros before any event), one page sorted and filtered on the server, with the total matching the filter. */
export async function financeWallets(
  db: SqlClient,
  options: { offset: number; limit: number; sort: WalletSort; dir: 'asc' | 'desc'; search?: string; inDebt?: boolean },
): Promise<{ wallets: FinanceWalletRow[]; total: number }> {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = `($1::text IS NULL OR u.email ILIKE $1 OR u.display_name ILIKE $1) AND (NOT $2::boolean OR coalesce(b.debt_cents, 0) > 0)`;
  const from = `FROM user_directory u LEFT JOIN rm_wallet_balances b ON b.user_id = u.id`;
  const { rows } = await db.query<FinanceWalletRow>(
    `SELECT u.id::text AS "userId", u.display_name AS name, u.email,
            coalesce(b.available_cents, 0)::float8 AS "availableCents", coalesce(b.held_cents, 0)::float8 AS "heldCents",
            coalesce(b.deposited_cents, 0)::float8 AS "depositedCents", coalesce(b.contributed_cents, 0)::float8 AS "contributedCents",
            coalesce(b.debt_cents, 0)::float8 AS "debtCents", coalesce(b.test_credit_cents, 0)::float8 AS "testCreditCents"
       ${from} WHERE ${where}
      ORDER BY ${WALLET_SORTS[options.sort]} ${options.dir === 'asc' ? 'ASC' : 'DESC'}, u.email ASC
      LIMIT $3 OFFSET $4`,
    [pattern, options.inDebt ?? false, options.limit, options.offset],
  );
  const count = await db.query<{ n: number }>(`SELECT count(*)::float8 AS n ${from} WHERE ${where}`, [pattern, options.inDebt ?? false]);
  return { wallets: rows, total: count.rows[0]!.n };
}

/** Every account of the ledger with its balance, and their sum (always 0). */
export async function ledgerAccounts(db: SqlClient): Promise<{ accounts: { account: string; kind: string; balanceCents: number }[]; totalCents: number }> {
  const { rows } = await db.query<{ account: string; balance: number }>(
    `SELECT account, balance_cents::float8 AS balance FROM rm_ledger_accounts ORDER BY account`,
  );
  const accounts = rows.map((r) => ({
    account: r.account,
    kind: r.account.startsWith('agent-debt:') ? 'agent-debt' : r.account.startsWith('agent:') ? 'agent' : 'system',
    balanceCents: r.balance,
  }));
  return { accounts, totalCents: accounts.reduce((sum, a) => sum + a.balanceCents, 0) };
}
