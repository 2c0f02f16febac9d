import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CreditCard, MoreVertical, Plus } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';
import { useReturnToast } from '../../lib/use-return-toast';
import { brandName, createSetupSession, deletePaymentMethod, expiry, fetchPaymentMethods, setDefaultPaymentMethod, type PaymentMethod } from './api/payments';
import { AutoRechargeCard } from './components/auto-recharge-card';

const ADD_CARD_DEFAULT = 'Unable to add payment method. Please try again.';

/** /payment-methods (spec sections 4 and 8): the agent's saved cards, the default, adding and removing. */
export function PaymentMethodsPage() {
  const [adding, setAdding] = useState(false);

  // A card saved in the provider's tab (or any other tab) reloads this list without a reload of the page.
  const {
    data: methods = [],
    loading,
    reload: load,
  } = useApiQuery('/api/payments/methods', fetchPaymentMethods, { failure: 'Failed to load payment methods', reloadOn: ['payment-methods'] });

  // Back from the card provider's page: say how it went, reload on success, then clear the query.
  useReturnToast('setup', {
    success: { title: 'Card Added', description: 'Your payment method has been saved successfully.', then: () => void load() },
    cancelled: { title: 'Setup Cancelled', description: 'Card setup was cancelled.', variant: 'destructive' },
  });

  const addCard = async () => {
    // The tab is opened inside the click, so no pop-up blocker stops it; the page goes there once known.
    const tab = window.open('', '_blank');
    setAdding(true);
    try {
      const { publishableKey, url } = await createSetupSession();
      if (!publishableKey) throw new Error('The card provider is not configured (no publishable key).');
      if (!url) throw new Error('The card provider did not answer a checkout URL.');
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
      toast({ title: 'Redirecting to Payment', description: 'A new tab has opened for secure card setup.' });
    } catch (failure) {
      tab?.close();
      const description = failure instanceof ApiRequestError ? ADD_CARD_DEFAULT : failure instanceof Error ? failure.message : ADD_CARD_DEFAULT;
      toast({ title: 'Failed to Add Card', description, variant: 'destructive' });
    } finally {
      setAdding(false);
    }
  };

  const makeDefault = async (method: PaymentMethod) => {
    try {
      await setDefaultPaymentMethod(method.id);
      toast({ title: 'Default Payment Method Updated', description: 'Your default payment method has been updated.' });
    } catch {
      toast({ title: 'Error', description: 'Failed to update default payment method', variant: 'destructive' });
    }
    await load();
  };

  const remove = async (method: PaymentMethod) => {
    try {
      await deletePaymentMethod(method.id);
      toast({ title: 'Payment Method Deleted', description: 'Your payment method has been removed.' });
    } catch {
      toast({ title: 'Error', description: 'Failed to delete payment method', variant: 'destructive' });
    }
    await load();
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Payment Methods</h1>
          <p className="mt-1 text-sm text-slate-600">The cards you add balance with. Card details are kept by the card payment provider.</p>
        </div>
        {!loading && methods.length > 0 && (
          <Button onClick={addCard} disabled={adding}>
            <Plus className="h-4 w-4" aria-hidden /> {adding ? 'Opening...' : 'Add Card'}
          </Button>
        )}
      </div>
      {loading ? (
        <Loading />
      ) : methods.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
          <CreditCard className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
          <p className="mt-3 font-medium text-slate-800">No saved payment methods</p>
          <Button className="mt-4" onClick={addCard} disabled={adding}>
            <Plus className="h-4 w-4" aria-hidden /> {adding ? 'Opening...' : 'Add Your First Card'}
          </Button>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Saved cards">
          {methods.map((method) => (
            <li
              key={method.id}
              data-testid="payment-method"
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4"
            >
              <div className="flex min-w-0 items-center gap-3">
                <CreditCard className="h-8 w-8 shrink-0 text-brand-700" aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {brandName(method.brand)} •••• {method.last4}
                    {method.isDefault && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Default</span>}
                  </p>
                  <p className="text-sm text-slate-600">Expires {expiry(method)}</p>
                </div>
              </div>
              <DropdownMenu.Root modal={false}>
                <DropdownMenu.Trigger asChild>
                  <Button variant="ghost" size="icon" aria-label={`Actions for ${brandName(method.brand)} ending ${method.last4}`}>
                    <MoreVertical className="h-4 w-4" />
                  </Button>
                </DropdownMenu.Trigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
                    {!method.isDefault && (
                      <DropdownMenu.Item
                        className="cursor-pointer rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
                        onSelect={() => void makeDefault(method)}
                      >
                        Set as Default
                      </DropdownMenu.Item>
                    )}
                    <DropdownMenu.Item
                      className="cursor-pointer rounded px-3 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
                      onSelect={() => void remove(method)}
                    >
                      Delete
                    </DropdownMenu.Item>
                  </DropdownMenu.Content>
                </DropdownMenu.Portal>
              </DropdownMenu.Root>
            </li>
          ))}
        </ul>
      )}
      {!loading && <AutoRechargeCard cards={methods} />}
    </div>
  );
}
