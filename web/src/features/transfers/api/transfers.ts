import { ApiRequestError, api, type FieldError } from '../../../lib/api-client';

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
 * so a retry of the same submit cannot send twice). The shared api() has no custom headers,
 * so this call reads the CSRF token from the session answer itself.
 */
export async function sendTransfer(input: SendTransferInput, idempotencyKey: string): Promise<TransferAnswer> {
  const { csrfToken } = await api<{ csrfToken?: string }>('GET', '/api/auth/session');
  let response: Response;
  try {
    response = await fetch('/api/wallet/transfers', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'idempotency-key': idempotencyKey, ...(csrfToken ? { 'x-csrf-token': csrfToken } : {}) },
      body: JSON.stringify(input),
    });
  } catch {
    throw new ApiRequestError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
  }
  const payload = (await response.json().catch(() => null)) as (TransferAnswer & { code?: string; message?: string; fieldErrors?: FieldError[] }) | null;
  if (!response.ok) {
    const { code, message, fieldErrors, ...details } = (payload ?? {}) as { code?: string; message?: string; fieldErrors?: FieldError[] };
    throw new ApiRequestError(response.status, code ?? 'ERROR', message ?? 'Something went wrong. Please try again.', fieldErrors ?? [], details);
  }
  return payload as TransferAnswer;
}

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
