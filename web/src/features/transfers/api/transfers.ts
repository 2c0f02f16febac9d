import { api, ApiRequestError } from '../../../lib/api-client';

export type SendTransferInput = { amountCents: number; recipientEmail: string; description: string };
export type TransferAnswer = { transferId: string; status: 'completed' | 'pending'; availableCents: number };

export type TransferItem = {
  transferId: string;
  amountCents: number;
  counterpartyEmail: string;
  description: string;
  occurredAt: string;
};
export type TransferHistory = { sent: TransferItem[]; received: TransferItem[] };

/**
 * POST /api/wallet/transfers with the request's own Idempotency-Key (a new one per submit,
 * so a retry of the same submit cannot send twice).
 */
export const sendTransfer = (input: SendTransferInput, idempotencyKey: string) =>
  api<TransferAnswer>('POST', '/api/wallet/transfers', input, { 'idempotency-key': idempotencyKey });

type HistoryRow = Partial<TransferItem> & { created_at?: string; createdAt?: string };

/**
 * The spec's get-transfer-history (GET /api/wallet/transfers, from the transfers read model).
 * Null when this server does not offer it (404): the page then shows what was sent here.
 */
export async function fetchTransferHistory(): Promise<TransferHistory | null> {
  try {
    const answer = await api<{ sent?: HistoryRow[]; received?: HistoryRow[] }>('GET', '/api/wallet/transfers');
    return { sent: (answer.sent ?? []).map(toItem), received: (answer.received ?? []).map(toItem) };
  } catch (failure) {
    if (failure instanceof ApiRequestError && failure.status === 404 && failure.code === 'NOT_FOUND') return null;
    throw failure;
  }
}

function toItem(row: HistoryRow): TransferItem {
  return {
    transferId: row.transferId ?? '',
    amountCents: row.amountCents ?? 0,
    counterpartyEmail: row.counterpartyEmail ?? '',
    description: row.description ?? '',
    occurredAt: row.occurredAt ?? row.createdAt ?? row.created_at ?? '',
  };
}

export type TransferRecipient = { email: string; displayName: string | null };
export type TransferRecipients = { satLeader: TransferRecipient | null; agents: TransferRecipient[]; dailyLimitCents: number };

/** Whom the signed-in agent may send to (their SAT leader, the agents who chose them) and the daily limit. */
export const fetchTransferRecipients = () => api<TransferRecipients>('GET', '/api/wallet/transfers/recipients');
