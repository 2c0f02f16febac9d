import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast, useToastStore } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import { brandName, expiry, fetchPaymentMethods, topUpWithRetries } from '../api/payments';

export const QUICK_AMOUNTS = [25, 50, 100, 250] as const;
export const NEW_CARD = 'new';
const AMOUNT_MESSAGE = 'Amount must be between $5 and $5,000';
const FAILED_MESSAGE = 'Unable to process payment. Please try again.';

/** Dollars as typed ("12.5") to cents, or null when it is not an amount of $5 to $5,000 in whole cents. */
export function centsOf(typed: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(typed.trim())) return null;
  const cents = Math.round(Number(typed) * 100);
  return cents >= 500 && cents <= 500_000 ? cents : null;
}

type Props = { readonly open: boolean; readonly onOpenChange: (open: boolean) => void };

/** Add Balance (spec sections 5, 8, 9): $5 to $5,000 from a saved card or a new one on the card provider's page. */
export function AddBalanceDialog({ open, onOpenChange }: Props) {
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState('');
  const [submitting, setSubmitting] = useState(false);
  // The "choose a method" toast goes once a method is chosen (by the agent, or when the methods have loaded).
  const methodMissing = useRef<number | null>(null);
  useEffect(() => {
    if (!method || methodMissing.current === null) return;
    useToastStore.getState().dismiss(methodMissing.current);
    methodMissing.current = null;
  }, [method]);

  const { data: methods, loading } = useApiQuery('/api/payments/methods', fetchPaymentMethods, { failure: 'Failed to load payment methods', enabled: open });
  // The default card is chosen until the agent picks another; with no card saved, a new card.
  useEffect(() => {
    if (methods) setMethod((chosen) => chosen || (methods.find((m) => m.isDefault)?.id ?? (methods.length === 0 ? NEW_CARD : '')));
  }, [methods]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const cents = centsOf(amount);
    if (cents === null) {
      toast({ title: 'Invalid Amount', description: AMOUNT_MESSAGE, variant: 'destructive' });
      return;
    }
    if (!method) {
      methodMissing.current = toast({ title: 'Payment Method Required', description: 'Please select a payment method', variant: 'destructive' });
      return;
    }
    // The provider's page opens in a tab made now, inside the click, so no pop-up blocker stops it.
    const tab = method === NEW_CARD ? window.open('', '_blank') : null;
    const key = crypto.randomUUID();
    setSubmitting(true);
    try {
      const answer = await topUpWithRetries(cents, method, key);
      if (answer.status === 'redirect') {
        if (tab) {
          tab.opener = null;
          tab.location.href = answer.url;
        } else {
          window.open(answer.url, '_blank', 'noopener');
        }
        toast({ title: 'Redirecting to Payment', description: 'Complete your payment in the new tab.' });
      } else {
        toast({ title: 'Payment Successful', description: 'Your balance has been updated.' });
      }
      setAmount('');
      onOpenChange(false);
    } catch (failure) {
      tab?.close();
      const description = failure instanceof ApiRequestError && failure.code === 'INVALID_AMOUNT' ? AMOUNT_MESSAGE : FAILED_MESSAGE;
      toast({
        title: failure instanceof ApiRequestError && failure.code === 'INVALID_AMOUNT' ? 'Invalid Amount' : 'Payment Failed',
        description,
        variant: 'destructive',
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      <DialogContent aria-describedby="add-balance-description">
        <DialogTitle>Add Balance</DialogTitle>
        <DialogDescription id="add-balance-description">Add funds to your wallet. Minimum $5, maximum $5,000.</DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div>
            <label htmlFor="add-balance-amount" className="block text-sm font-medium text-slate-800">
              Amount (USD)
            </label>
            <div className="relative mt-1">
              <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-500" aria-hidden>
                $
              </span>
              <input
                id="add-balance-amount"
                name="amount"
                type="number"
                inputMode="decimal"
                min={5}
                max={5000}
                step={0.01}
                placeholder="0.00"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                className="block w-full rounded-md border border-slate-300 py-2 pl-7 pr-3 text-base"
              />
            </div>
            <div className="mt-2 grid grid-cols-4 gap-2" role="group" aria-label="Quick amounts">
              {QUICK_AMOUNTS.map((quick) => (
                <Button key={quick} type="button" variant={amount === String(quick) ? 'default' : 'outline'} size="sm" onClick={() => setAmount(String(quick))}>
                  ${quick}
                </Button>
              ))}
            </div>
          </div>
          <div>
            <label htmlFor="add-balance-method" className="block text-sm font-medium text-slate-800">
              Payment method
            </label>
            <select
              id="add-balance-method"
              name="paymentMethod"
              value={method}
              onChange={(e) => setMethod(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            >
              <option value="" disabled>
                {loading ? 'Loading payment methods...' : 'Select a payment method'}
              </option>
              {(methods ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {brandName(m.brand)} •••• {m.last4} ({expiry(m)}){m.isDefault ? ' · Default' : ''}
                </option>
              ))}
              <option value={NEW_CARD}>Use a new card</option>
            </select>
            <Link
              to="/payment-methods"
              className="mt-1 inline-block text-sm text-brand-700 underline-offset-4 hover:underline"
              onClick={() => onOpenChange(false)}
            >
              Manage payment methods
            </Link>
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" disabled={submitting} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Processing...' : 'Add Balance'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
