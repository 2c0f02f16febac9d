import { useEffect, useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { SOURCES, type Source } from '../../../lib/lead-sources';
import { formatCents } from '../../../lib/money';
import { useApiQuery } from '../../../lib/use-api-query';
import { buyersPerLead, createCampaign, fetchAgedAvailability, fetchLeadPrices, orderAgedPackage, type AgedAvailability } from '../api/campaigns';

const PACKAGES = [
  { quantity: 100, priceCents: 1_000 },
  { quantity: 525, priceCents: 5_000 },
  { quantity: 1_100, priceCents: 10_000 },
  { quantity: 4_400, priceCents: 40_000 },
  { quantity: 10_000, priceCents: 90_000 },
] as const;

type Props = { readonly open: boolean; readonly onOpenChange: (open: boolean) => void; readonly availableCents: number | null };
type Partial = { quantity: number; available: number; priceCents: number; key: string };

/** "fl, tx" → ['FL', 'TX']; null when something typed is not a two-letter code. */
const statesOf = (typed: string): string[] | null => {
  const codes = typed
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
  return codes.every((code) => /^[A-Z]{2}$/.test(code)) ? [...new Set(codes)] : null;
};

const insufficient = (missingCents: number) => `Insufficient balance. You need ${formatCents(missingCents)} more to complete this purchase.`;

/** Buy Leads (spec sections 4 and 5): a Data Leads campaign with a budget held on the wallet, an aged-lead package, or SMM leads (coming soon). */
export function BuyLeadsDialog({ open, onOpenChange, availableCents }: Props) {
  const [source, setSource] = useState<Source | ''>('');
  const [tier, setTier] = useState('');
  const [name, setName] = useState('');
  const [budget, setBudget] = useState('');
  const [quantity, setQuantity] = useState('');
  const [statesTyped, setStatesTyped] = useState('');
  const states = statesOf(statesTyped);
  const { data: prices } = useApiQuery('/api/lead-prices', fetchLeadPrices, { failure: 'Failed to load lead prices' });
  const pricePerLead = prices?.find((price) => price.source === source && price.tier === tier)?.priceCents ?? null;
  const [availability, setAvailability] = useState<AgedAvailability | null>(null);
  const [partial, setPartial] = useState<Partial | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const reset = () => {
    setSource('');
    setTier('');
    setName('');
    setBudget('');
    setQuantity('');
    setStatesTyped('');
    setAvailability(null);
    setPartial(null);
  };
  // Choosing a source resets tier, budget and package (spec section 4).
  const chooseSource = (next: Source | '') => {
    setSource(next);
    setTier('');
    setBudget('');
    setQuantity('');
    setPartial(null);
  };
  const statesKey = states?.join(',') ?? null;
  useEffect(() => {
    if (source !== 'aged_leads' || !tier || statesKey === null) return setAvailability(null);
    let current = true;
    fetchAgedAvailability(tier, statesKey ? statesKey.split(',') : []).then(
      (answer) => current && setAvailability(answer),
      () => current && setAvailability(null),
    );
    return () => {
      current = false;
    };
  }, [source, tier, statesKey]);
  const noneAvailable = availability?.available === 0;

  const fail = (error: unknown, fallback: string) => {
    const message = error instanceof ApiRequestError ? error.message : fallback;
    toast({ title: 'Operation Failed', description: message || 'Unable to complete operation. Please try again.', variant: 'destructive' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!source || !tier) return toast({ title: 'Invalid Input', description: 'Please select a source and tier', variant: 'destructive' });
    if (source === 'smm_leads') return;
    if (source === 'data_leads') {
      const dollars = Number(budget);
      if (!name.trim() || !/^\d+$/.test(budget.trim()) || dollars < 1)
        return toast({ title: 'Invalid Input', description: 'Please enter budget and campaign name for Data Leads', variant: 'destructive' });
      if (availableCents !== null && dollars * 100 > availableCents)
        return toast({ title: 'Insufficient Balance', description: insufficient(dollars * 100 - availableCents), variant: 'destructive' });
      setSubmitting(true);
      try {
        const created = await createCampaign({ name: name.trim(), source, tier, budgetCents: dollars * 100 });
        toast({
          title: 'Campaign Created',
          description: created.status === 'active' ? `${name.trim()} is running.` : `${name.trim()} starts as soon as its budget is reserved.`,
        });
        reset();
        onOpenChange(false);
      } catch (error) {
        fail(error, 'Campaign creation failed');
      } finally {
        setSubmitting(false);
      }
      return;
    }
    if (states === null) return toast({ title: 'Invalid Input', description: 'States are two-letter codes, like FL or TX.', variant: 'destructive' });
    const pack = PACKAGES.find((p) => String(p.quantity) === quantity);
    if (!pack) return toast({ title: 'Invalid Input', description: 'Please select a package for Aged Leads', variant: 'destructive' });
    if (availableCents !== null && pack.priceCents > availableCents && !partial)
      return toast({ title: 'Insufficient Balance', description: insufficient(pack.priceCents - availableCents), variant: 'destructive' });
    await order(pack.quantity, partial?.quantity === pack.quantity ? partial : null);
  };

  const order = async (packageQuantity: number, accepted: Partial | null) => {
    setSubmitting(true);
    const idempotencyKey = accepted?.key ?? crypto.randomUUID();
    try {
      const placed = await orderAgedPackage({ quantity: packageQuantity, tier, states: states ?? [], acceptPartial: accepted !== null }, idempotencyKey);
      toast({
        title: 'Order Placed Successfully',
        description: `${placed.quantity.toLocaleString('en-US')} aged leads for ${formatCents(placed.priceCents)}.`,
      });
      reset();
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'AGED_PARTIAL') {
        const details = error.details as { available: number; priceCents: number };
        setPartial({ quantity: packageQuantity, available: details.available, priceCents: details.priceCents, key: crypto.randomUUID() });
      } else fail(error, 'Purchase failed');
    } finally {
      setSubmitting(false);
    }
  };

  const tiers = SOURCES.find((s) => s.value === source)?.tiers ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Not while submitting; closing resets the dialog (spec section 4).
        if (submitting) return;
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent blocking={submitting}>
        <DialogTitle>Buy Leads</DialogTitle>
        <DialogDescription>Run a campaign that buys incoming leads within its budget, or buy a package of aged leads.</DialogDescription>
        <form className="space-y-4" onSubmit={submit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor="buy-source" className="block text-sm font-medium text-slate-800">
                Source
              </label>
              <select
                id="buy-source"
                value={source}
                onChange={(e) => chooseSource(e.target.value as Source | '')}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
              >
                <option value="">Select a source</option>
                {SOURCES.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="buy-tier" className="block text-sm font-medium text-slate-800">
                Tier
              </label>
              <select
                id="buy-tier"
                value={tier}
                disabled={!source}
                onChange={(e) => setTier(e.target.value)}
                className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base disabled:bg-slate-100"
              >
                <option value="">Select a tier</option>
                {tiers.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {source === 'data_leads' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor="buy-name" className="block text-sm font-medium text-slate-800">
                  Campaign name
                </label>
                <input
                  id="buy-name"
                  value={name}
                  maxLength={100}
                  onChange={(e) => setName(e.target.value)}
                  className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
                />
              </div>
              <div>
                <label htmlFor="buy-budget" className="block text-sm font-medium text-slate-800">
                  Budget (USD, whole dollars)
                </label>
                <input
                  id="buy-budget"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={budget}
                  onChange={(e) => setBudget(e.target.value)}
                  className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
                />
              </div>
              {tier && (
                <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700 sm:col-span-2" data-testid="lead-price">
                  {pricePerLead === null ? (
                    'This tier has no price yet.'
                  ) : (
                    <>
                      <span className="font-semibold text-slate-900">{formatCents(pricePerLead)} per lead</span>
                      {buyersPerLead(tier) === 1
                        ? ' · exclusive: each lead is yours alone'
                        : ` · shared: each lead goes to up to ${buyersPerLead(tier)} agents`}
                      {/^\d+$/.test(budget.trim()) && Number(budget) >= 1 && (
                        <>
                          {' · '}a {formatCents(Number(budget) * 100)} budget buys {Math.floor((Number(budget) * 100) / pricePerLead).toLocaleString('en-US')}{' '}
                          lead
                          {Math.floor((Number(budget) * 100) / pricePerLead) === 1 ? '' : 's'}
                        </>
                      )}
                    </>
                  )}
                </p>
              )}
            </div>
          )}
          {source === 'aged_leads' && (
            <div className="space-y-4">
              <div>
                <label htmlFor="buy-states" className="block text-sm font-medium text-slate-800">
                  States (optional)
                </label>
                <input
                  id="buy-states"
                  value={statesTyped}
                  placeholder="Every state, or e.g. FL, TX"
                  aria-describedby="buy-states-hint"
                  aria-invalid={states === null}
                  onChange={(e) => (setStatesTyped(e.target.value), setPartial(null))}
                  className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
                />
                <p id="buy-states-hint" className={`mt-1 text-sm ${states === null ? 'text-red-700' : 'text-slate-600'}`}>
                  {states === null ? 'States are two-letter codes, like FL or TX.' : 'Two-letter codes, separated by commas; leave empty for every state.'}
                </p>
              </div>
              {noneAvailable ? (
                <p role="status" className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">
                  No aged leads of this tier{states?.length ? ' in these states' : ''} are for sale right now.
                </p>
              ) : (
                <div>
                  <label htmlFor="buy-package" className="block text-sm font-medium text-slate-800">
                    Package
                  </label>
                  <select
                    id="buy-package"
                    value={quantity}
                    onChange={(e) => (setQuantity(e.target.value), setPartial(null))}
                    className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
                  >
                    <option value="">Select a package</option>
                    {PACKAGES.map((p) => (
                      <option key={p.quantity} value={p.quantity}>
                        {p.quantity.toLocaleString('en-US')} leads for {formatCents(p.priceCents)}
                      </option>
                    ))}
                  </select>
                  {availability && (
                    <p className="mt-1 text-sm text-slate-600">{availability.available.toLocaleString('en-US')} aged leads of this tier are available.</p>
                  )}
                  {partial && (
                    <p role="alert" className="mt-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
                      Only {partial.available.toLocaleString('en-US')} leads match this package. Buy them for {formatCents(partial.priceCents)}?
                    </p>
                  )}
                </div>
              )}
            </div>
          )}
          {source === 'smm_leads' && (
            <p role="note" className="rounded-md bg-slate-100 p-3 text-sm text-slate-700">
              SMM Leads configuration is coming soon.
            </p>
          )}
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" disabled={submitting} onClick={() => (reset(), onOpenChange(false))}>
              Cancel
            </Button>
            <Button type="submit" disabled={submitting || source === 'smm_leads' || (source === 'aged_leads' && noneAvailable)}>
              {submitting
                ? 'Processing...'
                : partial
                  ? `Buy ${partial.available.toLocaleString('en-US')} leads`
                  : source === 'aged_leads'
                    ? 'Buy Package'
                    : 'Create Campaign'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
