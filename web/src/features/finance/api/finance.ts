import type { ChainCheck, LedgerEntry, WalletFigures } from '../../../app/api/wallet';
import { api } from '../../../lib/api-client';

export type FinanceWallet = {
  userId: string;
  name: string | null;
  email: string;
  availableCents: number;
  heldCents: number;
  depositedCents: number;
  contributedCents: number;
  debtCents: number;
  testCreditCents: number;
};

export type WalletListQuery = { offset: number; limit: number; sort: string; dir: 'asc' | 'desc'; search?: string; inDebt?: boolean };

export const fetchFinanceWallets = (q: WalletListQuery) =>
  api<{ wallets: FinanceWallet[]; total: number }>(
    'GET',
    `/api/finance/wallets?${new URLSearchParams({
      offset: String(q.offset),
      limit: String(q.limit),
      sort: q.sort,
      dir: q.dir,
      ...(q.search ? { search: q.search } : {}),
      ...(q.inDebt ? { inDebt: 'true' } : {}),
    })}`,
  );

export type LedgerAccount = { account: string; kind: 'agent' | 'agent-debt' | 'system'; balanceCents: number };
export const fetchLedgerAccounts = () => api<{ accounts: LedgerAccount[]; totalCents: number }>('GET', '/api/finance/accounts');

/** A card top-up with each refund made so far and what can still be refunded. */
export type CardTopUp = {
  paymentId: string;
  amountCents: number;
  occurredAt: string;
  refunds: { refundId: string; amountCents: number; occurredAt: string }[];
  disputedCents: number;
  refundableCents: number;
};

export const fetchFinanceLedger = (userId: string) =>
  api<{
    user: { id: string; email: string; displayName: string | null };
    summary: WalletFigures;
    topUps: CardTopUp[];
    entries: LedgerEntry[];
    truncated: boolean;
  }>('GET', `/api/finance/wallets/${userId}/ledger`);

export const fetchFinanceVerify = (userId: string) => api<ChainCheck>('GET', `/api/finance/wallets/${userId}/verify`);

export const financeStatementUrl = (userId: string) => (from: string, to: string) =>
  `/api/finance/wallets/${userId}/statement.csv?${new URLSearchParams({ from, to })}`;
