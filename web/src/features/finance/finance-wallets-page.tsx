import type { ColDef } from 'ag-grid-community';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';

import { FinanceOnly } from '../../components/finance-only';
import { DataGrid } from '../../components/ui/data-grid';
import type { GridPages } from '../../components/ui/grid-datasource';
import { toast } from '../../components/ui/toast-store';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import { useSettledText } from '../../lib/use-settled-text';
import { fetchFinanceWallets, fetchLedgerAccounts, type FinanceWallet, type LedgerAccount } from './api/finance';

const PAGE_SIZE = 50;
const money = (field: keyof FinanceWallet, headerName: string): ColDef<FinanceWallet> => ({
  field,
  headerName,
  minWidth: 120,
  cellRenderer: (p: { value?: number }) => (
    <span className="flex h-full items-center justify-end tabular-nums">{typeof p.value === 'number' ? formatCents(p.value) : ''}</span>
  ),
});

/** /finance/wallets: every agent's wallet (server-side paging, sorting, search) and the ledger's system accounts with their sum, 0. */
export function FinanceWalletsPage() {
  return (
    <FinanceOnly>
      <FinanceWallets />
    </FinanceOnly>
  );
}

function FinanceWallets() {
  const [searchText, setSearchText] = useState('');
  const search = useSettledText(searchText);
  const [inDebt, setInDebt] = useState(false);

  const pages = useMemo<GridPages<FinanceWallet>>(
    () => ({
      pageSize: PAGE_SIZE,
      byOffset: async ({ offset, limit, sort }) => {
        const { wallets, total } = await fetchFinanceWallets({
          offset,
          limit,
          sort: sort ? sort.colId.replace(/Cents$/, '') : 'email',
          dir: sort?.sort ?? 'asc',
          search: search || undefined,
          inDebt,
        });
        return { rows: wallets, total };
      },
      onError: (error) => toast({ title: 'Error', description: error instanceof Error ? error.message : 'Failed to load the wallets', variant: 'destructive' }),
    }),
    [search, inDebt],
  );

  const columns: ColDef<FinanceWallet>[] = [
    {
      field: 'name',
      headerName: 'Agent',
      minWidth: 220,
      flex: 2,
      cellRenderer: (p: { data?: FinanceWallet }) =>
        p.data ? (
          <Link to={`/finance/wallets/${p.data.userId}`} className="flex h-full flex-col justify-center leading-tight text-brand-700 hover:underline">
            <span className="truncate font-medium">{p.data.name ?? p.data.email}</span>
            <span className="truncate text-xs text-slate-500">{p.data.email}</span>
          </Link>
        ) : (
          <span className="text-slate-600">Loading…</span>
        ),
    },
    money('availableCents', 'Available'),
    money('heldCents', 'Held'),
    money('depositedCents', 'Deposited'),
    money('contributedCents', 'Contributed'),
    money('debtCents', 'Debt'),
  ];

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Wallets</h1>
        <p className="mt-1 text-sm text-slate-600">Every agent's wallet. Open an agent for the full history, its hash-chain check and a CSV statement.</p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <label className="relative block w-full max-w-sm">
          <span className="sr-only">Search agents</span>
          <Search className="pointer-events-none absolute left-2 top-2.5 h-4 w-4 text-slate-400" aria-hidden />
          <input
            className="block w-full rounded-md border border-slate-300 bg-white py-1.5 pl-8 pr-2 text-sm"
            placeholder="Search by name or e-mail"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
          />
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={inDebt} onChange={(e) => setInDebt(e.target.checked)} /> In debt only
        </label>
      </div>
      <DataGrid pages={pages} columns={columns} rowId={(p) => p.data.userId} height={520} rowHeight={52} testId="finance-wallets-grid" />
      <SystemAccounts />
    </div>
  );
}

const ACCOUNT_LABELS: Record<string, string> = {
  'card-processor': 'Card processor (outside world)',
  'lead-sales': 'Lead sales',
  'transfers-in-flight': 'Transfers in flight',
  'bonus-payouts': 'Bonus payouts',
  adjustments: 'Adjustments',
  'test-credit': 'Test credit',
};

function SystemAccounts() {
  const { data } = useApiQuery('/api/finance/ledger-accounts', fetchLedgerAccounts, { failure: 'Failed to load the ledger accounts' });
  if (!data) return null;
  const system = data.accounts.filter((a) => a.kind === 'system');
  const sumOf = (kind: LedgerAccount['kind']) => data.accounts.filter((a) => a.kind === kind).reduce((s, a) => s + a.balanceCents, 0);
  return (
    <section aria-labelledby="accounts-heading" className="max-w-xl space-y-2" data-testid="ledger-accounts">
      <h2 id="accounts-heading" className="text-base font-semibold text-slate-900">
        Ledger accounts
      </h2>
      <table className="w-full text-left text-sm tabular-nums">
        <tbody>
          {system.map((a) => (
            <tr key={a.account} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 font-normal text-slate-700">
                {ACCOUNT_LABELS[a.account] ?? a.account}
              </th>
              <td className="py-1.5 text-right">{formatCents(a.balanceCents)}</td>
            </tr>
          ))}
          <tr className="border-b border-slate-100">
            <th scope="row" className="py-1.5 font-normal text-slate-700">
              All agents' wallets
            </th>
            <td className="py-1.5 text-right">{formatCents(sumOf('agent'))}</td>
          </tr>
          <tr className="border-b border-slate-200">
            <th scope="row" className="py-1.5 font-normal text-slate-700">
              All agents' debts
            </th>
            <td className="py-1.5 text-right">{formatCents(sumOf('agent-debt'))}</td>
          </tr>
          <tr>
            <th scope="row" className="py-1.5 font-semibold">
              Sum of all accounts
            </th>
            <td className={`py-1.5 text-right font-semibold ${data.totalCents === 0 ? 'text-emerald-700' : 'text-red-700'}`} data-testid="ledger-accounts-sum">
              {formatCents(data.totalCents)}
            </td>
          </tr>
        </tbody>
      </table>
      <p className="text-xs text-slate-500">Every posting moves money from one account to another, so the sum is always $0.00.</p>
    </section>
  );
}
