import { api } from '../../lib/api-client';

export type WalletFigures = {
  availableCents: number;
  heldCents: number;
  depositedCents: number;
  contributedCents: number;
  debtCents: number;
  testCreditCents: number;
};

export type LedgerActor = { type: string; id: string; email: string | null; displayName: string | null };

export type LedgerEntry = {
  seq: number;
  eventId: string;
  type: string;
  amountCents: number;
  postedChangeCents: number;
  heldChangeCents: number;
  postedAfterCents: number;
  heldAfterCents: number;
  availableAfterCents: number;
  holdId: string | null;
  cause: { kind: string; id: string };
  description: string;
  status: 'completed' | 'reserved' | 'released';
  actor: LedgerActor;
  occurredAt: string;
  prevHash: string;
  hash: string;
  isTestCredit: boolean;
};

export type ChainCheck = {
  verified: boolean;
  throughSeq: number;
  checkedEntries: number;
  firstBreak: { seq: number; reason: string; message: string } | null;
};

export type Balances = { postedCents: number; heldCents: number; availableCents: number };
export type ExplainedEntry = { entry: LedgerEntry; before: Balances; after: Balances; chain: ChainCheck };

export const fetchWallet = () => api<WalletFigures>('GET', '/api/wallet');

export const fetchLedgerPage = (before: number | null, limit = 20) =>
  api<{ entries: LedgerEntry[]; nextBefore: number | null }>(
    'GET',
    `/api/wallet/ledger?${new URLSearchParams({ limit: String(limit), ...(before ? { before: String(before) } : {}) })}`,
  );

export const fetchLedgerEntry = (seq: number) => api<ExplainedEntry>('GET', `/api/wallet/ledger/${seq}`);

export const fetchFinanceAccess = () => api<{ finance: boolean }>('GET', '/api/wallet/access');

/** The statement's download address for local days from..to (YYYY-MM-DD). */
export const statementUrl = (from: string, to: string) => `/api/wallet/statement.csv?${new URLSearchParams({ from, to })}`;
