import { useState, type FormEvent } from 'react';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { formatShortDateTime } from '../../lib/format';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchLeadPrices, setLeadPrice, type LeadPriceRow } from './api/marketplace-admin';
import { priceInCents } from './price-input';

const SOURCE_LABEL: Record<string, string> = { data_leads: 'Data Leads', smm_leads: 'SMM Leads', aged_leads: 'Aged Leads', business: 'Business Leads' };
const label = (code: string) => SOURCE_LABEL[code] ?? code.replace(/_/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());

/** Admin page: the price per lead of each source and tier, edited inline in dollars and sent in cents. */
export function LeadPricesPage() {
  return (
    <AdminOnly>
      <LeadPricesAdmin />
    </AdminOnly>
  );
}

function LeadPricesAdmin() {
  const { data: prices, loading, update: setPrices } = useApiQuery('/api/admin/lead-prices', fetchLeadPrices, { failure: 'Failed to load the lead prices' });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Lead Prices</h1>
        <p className="mt-1 text-sm text-slate-600">
          The price per lead of each source and tier. A lead’s price is fixed when it is offered, so a change applies to leads offered from now on. Aged leads
          are sold in packages at their package prices.
        </p>
      </div>
      {loading ? (
        <Loading className="text-sm" />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Prices per lead">
          {(prices ?? []).map((price) => (
            <PriceRow
              key={`${price.source}/${price.tier}`}
              price={price}
              onSaved={(saved) => setPrices((rows) => rows?.map((row) => (row.source === saved.source && row.tier === saved.tier ? saved : row)))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function PriceRow({ price, onSaved }: { price: LeadPriceRow; onSaved: (row: LeadPriceRow) => void }) {
  const current = price.priceCents === null ? '' : (price.priceCents / 100).toFixed(2);
  const [typed, setTyped] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `price-${price.source}-${price.tier}`;
  const name = `${label(price.source)} ${label(price.tier)}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = priceInCents(typed);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    setBusy(true);
    try {
      await setLeadPrice(price.source, price.tier, parsed.cents);
      onSaved({ ...price, priceCents: parsed.cents, updatedAt: new Date().toISOString() });
      setTyped((parsed.cents / 100).toFixed(2));
      toast({ title: 'Price saved', description: `${name}: ${formatCents(parsed.cents)} per lead from now on.` });
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.fieldErrors.length) setError(failure.fieldErrors[0]!.message);
      else toast({ title: 'Could not save the price', description: failure instanceof Error ? failure.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="p-4">
      <form className="flex flex-wrap items-start gap-x-6 gap-y-2" onSubmit={(event) => void save(event)} noValidate>
        <div className="min-w-40 flex-1">
          <p className="font-medium text-slate-900">{label(price.source)}</p>
          <p className="text-sm text-slate-600">{label(price.tier)} tier</p>
        </div>
        <div className="w-40">
          <label htmlFor={id} className="sr-only">
            {name} price per lead (USD)
          </label>
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600" aria-hidden>
              $
            </span>
            <input
              id={id}
              inputMode="decimal"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className="block w-full rounded-md border border-slate-300 py-2 pl-7 pr-3 text-right text-base tabular-nums aria-[invalid]:border-red-500"
            />
          </div>
          {error && (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
              {error}
            </p>
          )}
        </div>
        {/* The visible word is the start of the accessible name, also while it says Saving. */}
        <Button type="submit" variant="outline" disabled={busy || typed === current}>
          {busy ? 'Saving...' : 'Save'}
          <span className="sr-only"> {name} price</span>
        </Button>
        <p className="w-full text-xs text-slate-600 sm:w-auto sm:self-center">
          {price.updatedAt ? `Set ${formatShortDateTime(price.updatedAt)}` : 'Default price'}
        </p>
      </form>
    </li>
  );
}
