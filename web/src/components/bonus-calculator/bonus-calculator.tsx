import { Calculator } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';

import { AGENT_ROLES, calculateBonuses, type AgentRole, type BonusInputs, type BonusResult } from '../../app/api/bonuses';
import { ApiRequestError, type FieldError } from '../../lib/api-client';
import { formatCents, MINUS } from '../../lib/money';
import { Button } from '../ui/button';
import { FormField } from '../ui/form-field';
import { toast } from '../ui/toast-store';
import { FIELD_OF, readForm, type BonusForm, type RateInput } from './bonus-inputs-form';

/** What a calculation came to, for a caller that reports it (the testing page's pass or fail). */
export type CalculationOutcome = { ok: true; inputs: BonusInputs; result: BonusResult } | { ok: false; inputs: BonusInputs | null; message: string };

const EMPTY: BonusForm = { submitted: '', issued: '', takenRate: '', deposit: '', role: 'VET', weeks: '', engaged: true, buyInOnTime: true };

type Props = {
  /** How the taken rate is typed: a percentage on /bonus-calculator, 0-1 on the testing page. */
  rateInput: RateInput;
  /** Prefixes the inputs' ids, so two calculators could share a page. */
  idPrefix?: string;
  onOutcome?: (outcome: CalculationOutcome) => void;
};

/**
 * The bonus calculator (spec: /bonus-calculator): a week's inputs, 'Calculate Bonuses', and the
 * Lion's Share and Matching cards with the grand total, all figures from the server's rules.
 */
export function BonusCalculator({ rateInput, idPrefix = 'bonus', onOutcome }: Props) {
  const [form, setForm] = useState<BonusForm>(EMPTY);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  // The role goes with its result: the card names the buy-in of the role it was calculated for.
  const [result, setResult] = useState<{ answer: BonusResult; role: AgentRole } | null>(null);
  const set = <K extends keyof BonusForm>(key: K, value: BonusForm[K]) => setForm((current) => ({ ...current, [key]: value }));
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;
  const id = (name: string) => `${idPrefix}-${name}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readForm(form, rateInput);
    if ('errors' in read) {
      setErrors(read.errors);
      onOutcome?.({ ok: false, inputs: null, message: read.errors.map((error) => error.message).join('; ') });
      return;
    }
    setErrors([]);
    setBusy(true);
    try {
      const answer = await calculateBonuses(read.inputs);
      setResult({ answer, role: read.inputs.role });
      onOutcome?.({ ok: true, inputs: read.inputs, result: answer });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : String(failure);
      if (failure instanceof ApiRequestError && failure.fieldErrors.length > 0) setErrors(failure.fieldErrors);
      else toast({ title: 'Error', description: message, variant: 'destructive' });
      onOutcome?.({ ok: false, inputs: read.inputs, message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-label="Bonus inputs">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id={id('submitted')}
            name="submitted"
            label="Submitted AV ($)"
            inputMode="decimal"
            placeholder="21500.00"
            value={form.submitted}
            onChange={(e) => set('submitted', e.target.value)}
            error={errorFor(FIELD_OF.submitted)}
          />
          <FormField
            id={id('issued')}
            name="issued"
            label="Issued AV ($)"
            inputMode="decimal"
            placeholder="17373.00"
            value={form.issued}
            onChange={(e) => set('issued', e.target.value)}
            error={errorFor(FIELD_OF.issued)}
          />
          <FormField
            id={id('taken-rate')}
            name="takenRate"
            label={rateInput === 'percent' ? 'Taken Rate (%)' : 'Taken Rate (0-1)'}
            inputMode="decimal"
            placeholder={rateInput === 'percent' ? '66.0' : '0.66'}
            value={form.takenRate}
            onChange={(e) => set('takenRate', e.target.value)}
            error={errorFor(FIELD_OF.takenRate)}
          />
          <FormField
            id={id('deposit')}
            name="deposit"
            label="Total InQuery Deposit ($, includes buy-in)"
            inputMode="decimal"
            placeholder="500.00"
            value={form.deposit}
            onChange={(e) => set('deposit', e.target.value)}
            error={errorFor(FIELD_OF.deposit)}
          />
          <div>
            <label htmlFor={id('role')} className="block text-sm font-medium text-slate-800">
              Agent Role
            </label>
            <select
              id={id('role')}
              value={form.role}
              onChange={(e) => set('role', e.target.value as AgentRole)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            >
              {AGENT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
            {errorFor(FIELD_OF.role) && <p className="mt-1 text-sm text-red-600">{errorFor(FIELD_OF.role)}</p>}
          </div>
          <FormField
            id={id('weeks')}
            name="weeks"
            label="Weeks in Program (optional, NEWBIE only)"
            inputMode="numeric"
            placeholder={form.role === 'NEWBIE' ? '10' : 'NEWBIE only'}
            disabled={form.role !== 'NEWBIE'}
            value={form.role === 'NEWBIE' ? form.weeks : ''}
            onChange={(e) => set('weeks', e.target.value)}
            error={errorFor(FIELD_OF.weeks)}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" checked={form.engaged} onChange={(e) => set('engaged', e.target.checked)} />
            Is Engaged
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="h-4 w-4" checked={form.buyInOnTime} onChange={(e) => set('buyInOnTime', e.target.checked)} />
            Buy-in On Time
          </label>
        </div>
        <p className="mt-3 text-xs text-slate-600">
          No blue-report track and no Closers Club are taken here: a newbie's track cap and the Closers Club cap do not apply to this calculation.
        </p>
        <Button type="submit" className="mt-4 w-full sm:w-auto" disabled={busy}>
          <Calculator className="h-4 w-4" aria-hidden />
          {busy ? 'Calculating...' : 'Calculate Bonuses'}
        </Button>
      </form>
      {result && <BonusResultCards result={result.answer} role={result.role} />}
    </div>
  );
}

function BonusResultCards({ result, role }: { result: BonusResult; role: AgentRole }) {
  const { lionsShare, match } = result;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        <Card title="Lion's Share" id="lions-share">
          <Line label="Eligible" value={lionsShare.eligible ? 'Yes' : 'No'} />
          <Reasons reasons={lionsShare.reasons} />
          <Line label="Base" value={formatCents(lionsShare.baseCents)} />
          <Line label="Bonus" value={formatCents(lionsShare.bonusCents)} />
          <Line label="Total" value={formatCents(lionsShare.totalCents)} strong />
        </Card>
        <Card title="Matching" id="matching">
          <Line label="Eligible" value={match.eligible ? 'Yes' : 'No'} />
          <Reasons reasons={match.reasons} />
          <Line label="Production Match Limit" value={formatCents(match.productionMatchLimitCents)} />
          <Line label="Role/Status Cap" value={match.capCents === null ? 'None' : formatCents(match.capCents)} />
          <Line label="Match Limit" value={formatCents(match.matchLimitCents)} />
          <Line label="Total Deposit" value={formatCents(match.depositCents)} />
          <Line label={`Less Buy-in (${role})`} value={match.buyInCents === 0 ? formatCents(0) : `${MINUS}${formatCents(match.buyInCents)}`} />
          <Line label="Net Deposit for Matching" value={formatCents(match.netDepositCents)} />
          <Line label="Actual Match" value={formatCents(match.actualMatchCents)} strong />
        </Card>
      </div>
      <section aria-labelledby="grand-total" className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-brand-100 bg-brand-50 p-4">
        <h2 id="grand-total" className="text-lg font-semibold text-brand-900">
          Grand Total
        </h2>
        <p className="text-2xl font-bold tabular-nums text-brand-900">{formatCents(result.grandTotalCents)}</p>
        <p className="w-full text-sm text-slate-700">Lion's Share total + actual match</p>
      </section>
    </div>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <dl className="mt-3 divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-700'}>{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-semibold text-slate-900' : 'text-slate-900'}`}>{value}</dd>
    </div>
  );
}

function Reasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <div className="py-1.5">
      <dt className="sr-only">Reasons</dt>
      <dd>
        <ul className="list-disc space-y-0.5 pl-5 text-sm text-red-700">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
