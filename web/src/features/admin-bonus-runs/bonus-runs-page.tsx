import type { ColDef } from 'ag-grid-community';
import { Download } from 'lucide-react';
import { Fragment, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';

import { AdminOnly } from '../../components/admin-only';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { DataGrid, WRAPPED_COLUMN } from '../../components/ui/data-grid';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { FormField } from '../../components/ui/form-field';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { dollarsToCents } from '../../lib/dollars-to-cents';
import { formatDateTime } from '../../lib/format';
import { formatCents } from '../../lib/money';
import { useApiQuery } from '../../lib/use-api-query';
import { useFormSubmission } from '../../lib/use-form-submission';
import { addAdjustment, approveRun, fetchRun, fetchRuns, openRun, refreshRun, runExport, submitRun, type RunStatement, type RunStatus } from './api/bonus-runs';
import { counted, exceptionAdvice, submitQuestion } from './run-texts';

const STATUS: Record<RunStatus, { label: string; className: string }> = {
  open: { label: 'Open', className: 'bg-sky-100 text-sky-900' },
  submitted: { label: 'Waiting for approval', className: 'bg-amber-100 text-amber-900' },
  approved: { label: 'Paying', className: 'bg-violet-100 text-violet-900' },
  paid: { label: 'Paid', className: 'bg-emerald-100 text-emerald-900' },
};

const StatusBadge = ({ status }: { status: RunStatus }) => (
  <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS[status].className}`}>{STATUS[status].label}</span>
);

/** The actor of the runs the weekly schedule opens. */
const WEEKLY_JOB = 'weekly-bonus-job';

const failureText = (failure: unknown) => (failure instanceof ApiRequestError ? failure.message : 'Please try again.');

/** Admin page: the weekly bonus runs; a run is opened, adjusted, submitted, approved by a second admin and paid into the wallets. */
export function BonusRunsPage() {
  return (
    <AdminOnly>
      <BonusRunsAdmin />
    </AdminOnly>
  );
}

function BonusRunsAdmin() {
  const [params, setParams] = useSearchParams();
  const week = params.get('week');
  const runs = useApiQuery('/api/admin/bonus-runs', fetchRuns, { failure: 'Failed to load the bonus runs', reloadOn: ['bonus-runs'] });
  // The week typed, else the server's last ended week (its calendar decides when a week is over).
  const [typed, setTyped] = useState<string | null>(null);
  const opening = typed ?? runs.data?.lastEndedWeek ?? '';
  const { busy, submit, errorFor } = useFormSubmission((failure) =>
    toast({ title: 'Could not open the run', description: failureText(failure), variant: 'destructive' }),
  );

  const open = (event: FormEvent) => {
    event.preventDefault();
    void submit(async () => {
      const opened = await openRun(opening).catch((failure: unknown) => {
        // The week has its run already (the weekly schedule opened it): show that one.
        if (failure instanceof ApiRequestError && failure.code === 'BONUS_RUN_EXISTS') return null;
        throw failure;
      });
      if (!opened) {
        toast({ title: 'This week has its run', description: `The run for the week of ${opening} is open already: here it is.` });
        setParams({ week: opening });
        return;
      }
      toast({
        title: 'Run opened',
        description: `Week of ${opened.week}: ${counted(opened.agents, 'agent')} computed, ${counted(opened.exceptions, 'exception')}.`,
      });
      await runs.reload();
      setParams({ week: opened.week });
    });
  };

  if (week) return <RunDetail week={week} onBack={() => setParams({})} />;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Bonus Runs</h1>
        <p className="mt-1 text-sm text-slate-600">
          Each week&apos;s Lion&apos;s Share and match, from inputs frozen when the run opens. The admin who submits a run cannot approve it; approval pays
          every agent once.
        </p>
      </div>
      <form onSubmit={open} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4" noValidate>
        <div className="w-48">
          <FormField label="Week (its Monday)" name="week" type="date" value={opening} onChange={(e) => setTyped(e.target.value)} error={errorFor('week')} />
        </div>
        {/* Not before there is a week to open: the list brings the default. */}
        <Button type="submit" disabled={busy || (typed === null && !runs.data)}>
          {busy ? 'Opening...' : 'Open run'}
        </Button>
        <p className="text-sm text-slate-600">The weekly schedule opens each ended week&apos;s run by itself.</p>
      </form>
      {runs.loading ? (
        <Loading />
      ) : (runs.data?.runs ?? []).length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">No bonus runs yet.</p>
      ) : (
        <ul className="space-y-3">
          {(runs.data?.runs ?? []).map((run) => (
            <li key={run.week}>
              <button
                type="button"
                onClick={() => setParams({ week: run.week })}
                className="flex w-full flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 text-left hover:bg-slate-50"
              >
                <span>
                  <span className="block font-semibold text-slate-900">Week of {run.week}</span>
                  <span className="block text-sm text-slate-600">
                    {counted(run.agents + run.exceptions.length, 'agent')} · {run.exceptions.length} not computed · opened {formatDateTime(run.openedAt)}
                  </span>
                </span>
                <span className="flex items-center gap-3">
                  <span className="font-semibold text-slate-900">{formatCents(run.totalCents)}</span>
                  <StatusBadge status={run.status} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RunDetail({ week, onBack }: { week: string; onBack: () => void }) {
  const { data, reload } = useApiQuery(`/api/admin/bonus-runs/${week}`, () => fetchRun(week), {
    failure: 'Failed to load the bonus run',
    reloadOn: ['bonus-runs'],
  });
  const [adjusting, setAdjusting] = useState(false);
  const [confirming, setConfirming] = useState<'submit' | 'approve' | null>(null);
  if (!data) return <Loading />;
  const { run, statements, people, inputsChanged, approvalRefusal } = data;
  const who = (id: string | null) => (id === WEEKLY_JOB ? 'the weekly schedule' : id ? (people[id] ?? id) : '—');

  const recompute = async () => {
    try {
      const refreshed = await refreshRun(week);
      toast({
        title: 'Inputs recomputed',
        description: `${counted(refreshed.agents, 'agent')} computed, ${counted(refreshed.exceptions, 'exception')}; adjustments are kept.`,
      });
      await reload();
    } catch (failure) {
      toast({ title: 'Could not recompute the run', description: failureText(failure), variant: 'destructive' });
    }
  };

  const act = async (action: 'submit' | 'approve') => {
    try {
      await (action === 'submit' ? submitRun(week) : approveRun(week));
      toast({
        title: action === 'submit' ? 'Run submitted' : 'Run approved',
        description: action === 'submit' ? 'A second admin can now approve it.' : 'Each agent’s total is being paid into their wallet.',
      });
      setConfirming(null);
      await reload();
    } catch (failure) {
      setConfirming(null);
      toast({
        title: action === 'submit' ? 'Could not submit the run' : 'Could not approve the run',
        description: failureText(failure),
        variant: 'destructive',
      });
    }
  };

  const columns: ColDef<RunStatement>[] = [
    {
      headerName: 'Agent',
      flex: 1,
      minWidth: 180,
      valueGetter: (p) => (p.data ? `${p.data.displayName ?? ''} ${p.data.email}`.trim() : ''),
      ...WRAPPED_COLUMN,
    },
    { headerName: 'Role', width: 90, valueGetter: (p) => p.data?.line?.inputs.role ?? '—' },
    { headerName: 'Submitted', width: 120, valueGetter: (p) => (p.data?.line ? formatCents(p.data.line.inputs.submittedCents) : '—') },
    { headerName: 'Issued', width: 120, valueGetter: (p) => (p.data?.line ? formatCents(p.data.line.inputs.issuedCents) : '—') },
    { headerName: "Lion's Share", width: 135, valueGetter: (p) => (p.data?.line ? formatCents(p.data.line.result.lionsShare.totalCents) : '—') },
    { headerName: 'Match', width: 110, valueGetter: (p) => (p.data?.line ? formatCents(p.data.line.result.match.actualMatchCents) : '—') },
    {
      headerName: 'Adjustments',
      width: 200,
      ...WRAPPED_COLUMN,
      valueGetter: (p) => p.data?.adjustments.map((a) => `${formatCents(a.amountCents)}: ${a.reason}`).join('; ') || '—',
    },
    { headerName: 'Total', width: 110, valueGetter: (p) => (p.data ? formatCents(p.data.totalCents) : '') },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <button type="button" onClick={onBack} className="text-sm font-medium text-brand-700 underline">
            All runs
          </button>
          <h1 className="mt-1 text-2xl font-bold text-brand-900">Bonus run, week of {run.week}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <StatusBadge status={run.status} /> Opened {formatDateTime(run.openedAt)} by {who(run.openedBy)} · inputs {run.inputsHash.slice(0, 12)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={runExport(run.week)}
            download
            className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-brand-800 hover:bg-slate-50"
          >
            <Download className="h-4 w-4" aria-hidden /> Export CSV
          </a>
          {run.status === 'open' && (
            <>
              <Button variant="outline" onClick={() => void recompute()}>
                Recompute inputs
              </Button>
              <Button variant="outline" onClick={() => setAdjusting(true)}>
                Add adjustment
              </Button>
              <Button onClick={() => setConfirming('submit')}>Submit for approval</Button>
            </>
          )}
          {run.status === 'submitted' && !approvalRefusal && <Button onClick={() => setConfirming('approve')}>Approve and pay</Button>}
        </div>
      </div>
      {run.status === 'submitted' && approvalRefusal && (
        <p role="note" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {approvalRefusal}
        </p>
      )}
      {inputsChanged && (
        <p role="note" className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950" data-testid="inputs-changed">
          What this run was computed from has changed since (an agent&apos;s bonus settings, the marketplace service&apos;s figures or the week&apos;s
          deposits). Recompute inputs to take the changes in; adjustments are kept.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-4">
        {[
          ['Agents', String(statements.length)],
          ['Computed', formatCents(run.computedCents)],
          ['Adjustments', formatCents(run.adjustmentsCents)],
          ['Total to pay', formatCents(run.totalCents)],
          ['Prepared by', who(run.preparedBy)],
          ['Approved by', who(run.approvedBy)],
          ['Paid', run.paidAt ? formatDateTime(run.paidAt) : '—'],
          ['Exceptions', String(run.exceptions.length)],
        ].map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {run.exceptions.length > 0 && (
        <section aria-labelledby="exceptions-title" className="rounded-lg border border-amber-200 bg-amber-50 p-4">
          <h2 id="exceptions-title" className="font-semibold text-amber-900">
            Exceptions: not computed
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-amber-900">
            {run.exceptions.map((exception) => (
              <li key={exception.userId}>
                {exception.displayName ?? exception.email} ({exception.email}): {exception.reason}
                {run.status === 'open' && <span className="block text-xs">{exceptionAdvice(exception.reason)}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="hidden md:block">
        <DataGrid rows={statements} columns={columns} rowId={(p) => p.data.userId} emptyText="No agents in this run" height={480} testId="bonus-run-grid" />
      </div>
      <ul className="space-y-3 md:hidden" aria-label="Agents in this run">
        {statements.map((s) => (
          <li key={s.userId} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="font-medium text-slate-900">{s.displayName ?? s.email}</p>
            <p className="break-all text-sm text-slate-600">{s.email}</p>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-slate-600">Lion&apos;s Share</dt>
              <dd className="text-right font-medium">{s.line ? formatCents(s.line.result.lionsShare.totalCents) : '—'}</dd>
              <dt className="text-slate-600">Match</dt>
              <dd className="text-right font-medium">{s.line ? formatCents(s.line.result.match.actualMatchCents) : '—'}</dd>
              {s.adjustments.map((a) => (
                <Fragment key={a.adjustmentId}>
                  <dt className="text-slate-600">{a.reason}</dt>
                  <dd className="text-right font-medium">{formatCents(a.amountCents)}</dd>
                </Fragment>
              ))}
              <dt className="font-semibold text-slate-900">Total</dt>
              <dd className="text-right font-semibold">{formatCents(s.totalCents)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <AdjustmentDialog open={adjusting} week={run.week} statements={statements} onClose={() => setAdjusting(false)} onAdded={() => void reload()} />
      <ConfirmDialog
        subject={confirming}
        title={confirming === 'approve' ? 'Approve and pay this run?' : 'Submit this run for approval?'}
        description={() =>
          confirming === 'approve'
            ? `${formatCents(run.totalCents)} will be paid into the agents’ wallets, once each. The run is then locked.`
            : submitQuestion(run.exceptions)
        }
        confirmLabel={confirming === 'approve' ? 'Approve and pay' : 'Submit'}
        confirmVariant="default"
        onConfirm={(action) => void act(action)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}

function AdjustmentDialog({
  open,
  week,
  statements,
  onClose,
  onAdded,
}: {
  open: boolean;
  week: string;
  statements: RunStatement[];
  onClose: () => void;
  onAdded: () => void;
}) {
  const [userId, setUserId] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [amountError, setAmountError] = useState<string | null>(null);
  const { busy, submit, errorFor } = useFormSubmission((failure) =>
    toast({ title: 'Could not add the adjustment', description: failureText(failure), variant: 'destructive' }),
  );

  const save = (event: FormEvent) => {
    event.preventDefault();
    const negative = amount.trim().startsWith('-');
    const cents = dollarsToCents(amount.trim().replace(/^-/, ''));
    if (cents === null || cents === 0) {
      setAmountError('Enter an amount in dollars, e.g. 25.00, or -25.00 to deduct');
      return;
    }
    setAmountError(null);
    void submit(async () => {
      await addAdjustment(week, { userId, amountCents: negative ? -cents : cents, reason }, key);
      toast({ title: 'Adjustment added', description: `${formatCents(negative ? -cents : cents)} for the week of ${week}.` });
      setUserId('');
      setAmount('');
      setReason('');
      setKey(crypto.randomUUID());
      onAdded();
      onClose();
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent>
        <DialogTitle>Add an adjustment</DialogTitle>
        <DialogDescription>A line of its own on the agent&apos;s statement, with your reason. A total never goes below $0.00.</DialogDescription>
        <form className="space-y-4" onSubmit={save} noValidate>
          <div>
            <label htmlFor="field-userId" className="block text-sm font-medium text-slate-800">
              Agent
            </label>
            <select
              id="field-userId"
              name="userId"
              value={userId}
              onChange={(e) => setUserId(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            >
              <option value="">Choose an agent</option>
              {statements.map((s) => (
                <option key={s.userId} value={s.userId}>
                  {s.displayName ? `${s.displayName} (${s.email})` : s.email}
                </option>
              ))}
            </select>
            {errorFor('userId') && <p className="mt-1 text-sm text-red-600">{errorFor('userId')}</p>}
          </div>
          <FormField
            label="Amount ($, negative to deduct)"
            name="amountCents"
            inputMode="decimal"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            error={amountError ?? errorFor('amountCents')}
          />
          <FormField label="Reason" name="reason" value={reason} onChange={(e) => setReason(e.target.value)} error={errorFor('reason')} />
          <div className="flex justify-end gap-3">
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Adding...' : 'Add adjustment'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
