import { RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { api } from '../../../lib/api-client';
import { formatDateTime, organisationZone, zoneName } from '../../../lib/format';
import { formatCents } from '../../../lib/money';
import { useApiQuery } from '../../../lib/use-api-query';
import { brandName } from '../api/payments';

type Settings = { enabled: boolean; thresholdCents: number; amountCents: number; cardId: string; dailyCapCents: number };
type AutoRecharge = {
  settings: Settings;
  configured: boolean;
  paused: boolean;
  pauseReason: string | null;
  chargeUnderWay: boolean;
  latest: { at: string; succeeded: boolean; amountCents: number | null; message: string | null }[];
};
export type CardChoice = { id: string; brand: string; last4: string };

const dollars = (cents: number) => (cents / 100).toFixed(2);
const toCents = (text: string) => Math.round(Number(text) * 100);

/** Auto-recharge settings: charge a saved card when the balance falls below a threshold, within a daily limit. */
export function AutoRechargeCard({ cards }: { cards: readonly CardChoice[] }) {
  const [form, setForm] = useState({ enabled: false, threshold: '20.00', amount: '50.00', cardId: '', dailyCap: '200.00' });
  const [saving, setSaving] = useState(false);

  const { data: state, update: setState } = useApiQuery(
    '/api/wallet/auto-recharge',
    async () => {
      const answer = await api<AutoRecharge>('GET', '/api/wallet/auto-recharge');
      // The form shows what is saved.
      setForm({
        enabled: answer.settings.enabled,
        threshold: dollars(answer.settings.thresholdCents),
        amount: dollars(answer.settings.amountCents),
        cardId: answer.settings.cardId,
        dailyCap: dollars(answer.settings.dailyCapCents),
      });
      return answer;
    },
    { failure: 'Failed to load auto-recharge settings' },
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const cardId = form.cardId || cards[0]?.id || '';
    setSaving(true);
    try {
      const answer = await api<AutoRecharge>('PUT', '/api/wallet/auto-recharge', {
        enabled: form.enabled,
        thresholdCents: toCents(form.threshold),
        amountCents: toCents(form.amount),
        cardId,
        dailyCapCents: toCents(form.dailyCap),
      });
      setState(() => answer);
      toast({
        title: 'Auto-Recharge Saved',
        description: answer.settings.enabled
          ? `We'll add ${formatCents(answer.settings.amountCents)} when your balance falls below ${formatCents(answer.settings.thresholdCents)}.`
          : 'Auto-recharge is off.',
      });
    } catch (failure) {
      toast({
        title: 'Update Failed',
        description: failure instanceof Error ? failure.message : 'Unable to save auto-recharge. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const field = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm';
  return (
    <section aria-labelledby="auto-recharge-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="auto-recharge-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <RefreshCw className="h-5 w-5 text-brand-600" aria-hidden />
        Auto-Recharge
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Keep campaigns buying: when your available balance falls below the threshold, your card is charged the amount you choose.
      </p>
      {state?.paused && (
        <p role="alert" className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Auto-recharge is paused: {state.pauseReason} Check your card, then save the settings to switch it back on.
        </p>
      )}
      {cards.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Save a card first to use auto-recharge.</p>
      ) : (
        <form className="mt-4 grid gap-3 sm:grid-cols-2" onSubmit={save}>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-700 sm:col-span-2">
            <input type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} className="h-4 w-4" />
            Recharge automatically
          </label>
          <label className="text-sm font-medium text-slate-700">
            When my balance falls below ($)
            <input
              type="number"
              min={0}
              max={5000}
              step={0.01}
              required
              className={field}
              value={form.threshold}
              onChange={(e) => setForm({ ...form, threshold: e.target.value })}
            />
          </label>
          <label className="text-sm font-medium text-slate-700">
            Add this amount ($)
            <input
              type="number"
              min={5}
              max={5000}
              step={0.01}
              required
              className={field}
              value={form.amount}
              onChange={(e) => setForm({ ...form, amount: e.target.value })}
            />
          </label>
          <label className="text-sm font-medium text-slate-700">
            Charge this card
            <select className={field} value={form.cardId || cards[0]?.id} onChange={(e) => setForm({ ...form, cardId: e.target.value })}>
              {cards.map((card) => (
                <option key={card.id} value={card.id}>
                  {brandName(card.brand)} •••• {card.last4}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            At most per day ($)
            <input
              type="number"
              min={5}
              max={20000}
              step={0.01}
              required
              className={field}
              value={form.dailyCap}
              onChange={(e) => setForm({ ...form, dailyCap: e.target.value })}
            />
            <span className="mt-1 block text-xs font-normal text-slate-500">A day runs midnight to midnight, {zoneName(organisationZone())}.</span>
          </label>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save Auto-Recharge'}
            </Button>
          </div>
        </form>
      )}
      {state && state.latest.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm" aria-label="Latest automatic charges">
          {state.latest.map((charge) => (
            <li key={charge.at} className={charge.succeeded ? 'text-slate-700' : 'text-red-700'}>
              {formatDateTime(charge.at)}: {charge.succeeded ? `${formatCents(charge.amountCents ?? 0)} added` : `failed (${charge.message})`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
