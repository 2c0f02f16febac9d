import { useEffect, useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { toast } from '../../../components/ui/toast-store';
import { dollarsToCents } from '../../../lib/dollars-to-cents';
import { formatCents } from '../../../lib/money';
import { refundWalletEntry, type EntryRefund } from '../api/support';

const MIN_REASON = 3;

/** What refunds from the request have given back of the entry, and (while some is left) a refund into the agent's wallet. */
export function EntryRefundPart({ ticketId, refund, onRefunded }: { ticketId: string; refund: EntryRefund; onRefunded: () => void }) {
  const leftCents = refund.refundableCents - refund.refundedCents;
  const [amount, setAmount] = useState((leftCents / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; refusal?: string }>({});
  const [asking, setAsking] = useState<{ amountCents: number; reason: string } | null>(null);
  const [sending, setSending] = useState(false);
  // After a refund (here or by another admin) the amount offered is what is left.
  useEffect(() => setAmount((leftCents / 100).toFixed(2)), [leftCents]);

  if (refund.refundableCents === 0) return <p className="text-sm text-slate-700">Nothing to refund here: this entry took no money for a purchase or charge.</p>;

  const check = (event: FormEvent) => {
    event.preventDefault();
    const amountCents = dollarsToCents(amount);
    const next = {
      amount:
        amountCents === null
          ? 'Enter an amount in dollars, such as 25.00'
          : amountCents > leftCents
            ? `At most ${formatCents(leftCents)} is left to refund`
            : undefined,
      reason: reason.trim().length < MIN_REASON ? `Give a reason of at least ${MIN_REASON} characters` : undefined,
    };
    setErrors(next);
    if (!next.amount && !next.reason && amountCents !== null) setAsking({ amountCents, reason: reason.trim() });
  };

  const send = async ({ amountCents, reason: why }: { amountCents: number; reason: string }) => {
    setAsking(null);
    setSending(true);
    try {
      await refundWalletEntry(ticketId, { amountCents, reason: why });
      toast({ title: 'Refund sent', description: `${formatCents(amountCents)} is back in the agent’s wallet.` });
      setReason('');
      onRefunded();
    } catch (error) {
      setErrors({ refusal: error instanceof Error ? error.message : 'The refund could not be made. Please try again.' });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-2" data-testid="entry-refund">
      <p className="text-sm text-slate-700">
        Refunded from requests: <span className="font-medium tabular-nums">{formatCents(refund.refundedCents)}</span> of{' '}
        <span className="tabular-nums">{formatCents(refund.refundableCents)}</span>
        {leftCents === 0 && ' (refunded in full)'}
      </p>
      {leftCents > 0 && (
        <form className="space-y-2" onSubmit={check} noValidate aria-describedby={errors.refusal ? 'entry-refund-refusal' : undefined}>
          <div className="grid gap-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <FormField
              id="entry-refund-amount"
              label="Amount ($)"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors.amount}
            />
            <FormField
              id="entry-refund-reason"
              label="Reason"
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              error={errors.reason}
            />
          </div>
          {errors.refusal && (
            <p id="entry-refund-refusal" role="alert" className="text-sm text-red-700">
              {errors.refusal}
            </p>
          )}
          <div className="flex justify-end">
            <Button type="submit" size="sm" disabled={sending}>
              {sending ? 'Refunding...' : 'Refund to the wallet'}
            </Button>
          </div>
        </form>
      )}
      <ConfirmDialog
        subject={asking}
        title="Refund to the agent’s wallet?"
        description={(subject) =>
          `${formatCents(subject.amountCents)} goes back to the agent’s wallet now, with the reason “${subject.reason}”. A refund cannot be taken back.`
        }
        confirmLabel="Refund"
        confirmVariant="default"
        onConfirm={(subject) => void send(subject)}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
