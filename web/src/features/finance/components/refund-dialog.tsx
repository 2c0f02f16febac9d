import { useEffect, useRef, useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { api, ApiRequestError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { formatCents } from '../../../lib/money';

/** A top-up and what of it can still be refunded (less earlier refunds and disputes). */
export type RefundableTopUp = { paymentId: string; amountCents: number; refundableCents: number; occurredAt: string };

/**
 * An admin refunds a top-up, whole or in part, to the card it came from. When the wallet no
 * longer holds the money, the server says how much would become the agent's debt and the
 * admin confirms it explicitly.
 */
export function RefundDialog({
  userId,
  topUp,
  onClose,
  onRefunded,
}: {
  userId: string;
  topUp: RefundableTopUp | null;
  onClose: () => void;
  onRefunded: () => void;
}) {
  const [amount, setAmount] = useState('');
  const [debtWarning, setDebtWarning] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const key = useRef<string>('');

  useEffect(() => {
    if (!topUp) return;
    setAmount((topUp.refundableCents / 100).toFixed(2));
    setDebtWarning(null);
    key.current = crypto.randomUUID();
  }, [topUp]);

  const submit = async (event: FormEvent, confirmDebt = false) => {
    event.preventDefault();
    if (!topUp) return;
    const amountCents = Math.round(Number(amount) * 100);
    if (!Number.isFinite(amountCents) || amountCents < 1 || amountCents > topUp.refundableCents) {
      toast({ title: 'Invalid Amount', description: `Amount must be between $0.01 and ${formatCents(topUp.refundableCents)}`, variant: 'destructive' });
      return;
    }
    setSubmitting(true);
    try {
      // A changed amount or confirmation is another request: it needs its own key.
      const answer = await api<{ refundId: string; debtCents: number }>(
        'POST',
        `/api/admin/wallets/${userId}/refunds`,
        { paymentId: topUp.paymentId, amountCents, confirmDebt },
        { 'idempotency-key': `${key.current}:${amountCents}:${confirmDebt}` },
      );
      toast({
        title: 'Refund Issued',
        description: `${formatCents(amountCents)} is on its way back to the card.${answer.debtCents > 0 ? ` The agent now owes ${formatCents(answer.debtCents)}.` : ''}`,
      });
      onRefunded();
      onClose();
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.code === 'REFUND_NEEDS_DEBT') {
        setDebtWarning(failure.message);
      } else {
        toast({
          title: 'Refund Failed',
          description: failure instanceof Error ? failure.message : 'Unable to refund. Please try again.',
          variant: 'destructive',
        });
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={topUp !== null} onOpenChange={(open) => !open && !submitting && onClose()}>
      <DialogContent blocking={submitting}>
        <DialogTitle>Refund Top-Up</DialogTitle>
        <DialogDescription>
          {topUp &&
            `Top-up of ${formatCents(topUp.amountCents)} on ${formatDateTime(topUp.occurredAt)}${topUp.refundableCents < topUp.amountCents ? `, of which ${formatCents(topUp.refundableCents)} can still be refunded` : ''}. The refund goes back to the card it came from and leaves the wallet.`}
        </DialogDescription>
        <form className="space-y-4" onSubmit={(e) => void submit(e, false)} noValidate>
          <label className="block text-sm font-medium text-slate-700">
            Amount to refund ($)
            <input
              type="number"
              min={0.01}
              max={topUp ? topUp.refundableCents / 100 : undefined}
              step={0.01}
              required
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setDebtWarning(null);
              }}
            />
          </label>
          {debtWarning && (
            <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {debtWarning}
            </p>
          )}
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            {debtWarning ? (
              <Button type="button" variant="destructive" disabled={submitting} onClick={(e) => void submit(e, true)}>
                {submitting ? 'Refunding...' : 'Refund and Record Debt'}
              </Button>
            ) : (
              <Button type="submit" variant="destructive" disabled={submitting}>
                {submitting ? 'Refunding...' : 'Refund'}
              </Button>
            )}
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
