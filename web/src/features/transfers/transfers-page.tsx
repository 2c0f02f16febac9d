import { Send } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/ui/button';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchTransferHistory } from './api/transfers';
import { SendMoneyDialog } from './components/send-money-dialog';
import { TransferList } from './components/transfer-list';
import { useSentHere } from './stores/sent-here-store';

/** /transfers: send money to your SAT leader or your agents, and the history of what was sent and received. */
export function TransfersPage() {
  const [open, setOpen] = useState(false);
  const [availableCents, setAvailableCents] = useState<number | null>(null);
  const sentHere = useSentHere((s) => s.sent);
  const addSentHere = useSentHere((s) => s.add);

  // The history is a read model: it follows a transfer a moment later, and says so over SSE.
  const {
    data: history,
    loading,
    reload: load,
  } = useApiQuery('/api/wallet/transfers', fetchTransferHistory, { failure: 'Failed to load transfer history', reloadOn: ['wallet'] });
  // Null: this server offers no history (see fetchTransferHistory).
  const historyOffered = history !== null;

  // Sent here but not yet in the read model (or no read model on this server): shown first.
  const sent = [...sentHere.filter((mine) => !history?.sent.some((row) => row.transferId === mine.transferId)), ...(history?.sent ?? [])];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Transfers</h1>
          <p className="mt-1 max-w-2xl text-slate-600">
            Send money from your wallet to your SAT leader, or to agents who chose you as their SAT leader. Transfers have a daily limit.
          </p>
          {availableCents !== null && <p className="mt-1 text-sm text-slate-700">Available after your last transfer: {formatCents(availableCents)}</p>}
        </div>
        <Button onClick={() => setOpen(true)}>
          <Send className="h-4 w-4" aria-hidden />
          Send money
        </Button>
      </div>
      {!historyOffered && (
        <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          The full transfer history is not available on this server yet: below are the transfers sent from this tab.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <TransferList title="Sent" direction="sent" items={sent} loading={loading && sent.length === 0} emptyText="No transfers sent yet." />
        <TransferList
          title="Received"
          direction="received"
          items={history?.received ?? []}
          loading={loading}
          emptyText={historyOffered ? 'No transfers received yet.' : 'Transfers you receive will be listed here once the history is available on this server.'}
        />
      </div>
      <SendMoneyDialog
        open={open}
        onClose={() => setOpen(false)}
        onSent={(answer) => {
          setOpen(false);
          setAvailableCents(answer.availableCents);
          addSentHere({
            transferId: answer.transferId,
            amountCents: answer.amountCents,
            counterpartyEmail: answer.recipientEmail.toLowerCase(),
            description: answer.description,
            occurredAt: new Date().toISOString(),
          });
          void load();
        }}
      />
    </div>
  );
}
