import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { sendLeadsToRingy, sendLeadsToVanillaSoft, type SendLeadsAnswer } from '../api/testing';
import { useTestRun } from '../hooks/use-test-run';
import { leadIdsOf } from '../lead-ids';
import { TestResult } from './test-result';
import { TestSection } from './test-section';

type Provider = { id: 'ringy' | 'vanillasoft'; name: string };
const PROVIDERS: readonly Provider[] = [
  { id: 'ringy', name: 'Ringy' },
  { id: 'vanillasoft', name: 'VanillaSoft' },
];

/** send-leads-to-ringy and send-leads-to-vanillasoft, through the admin's own connected integrations. */
export function CrmSection() {
  return (
    <TestSection
      id="crm"
      title="CRM Integrations"
      description={
        <>
          Sends leads, by their IDs, through <strong>your own</strong> connected Ringy or VanillaSoft integration (connect them on the{' '}
          <Link to="/integrations" className="text-brand-600 underline">
            Integrations
          </Link>{' '}
          page). No credentials are entered or shown here.
        </>
      }
    >
      <div className="grid gap-6 xl:grid-cols-2">
        {PROVIDERS.map((provider) => (
          <CrmSendForm key={provider.id} provider={provider} />
        ))}
      </div>
    </TestSection>
  );
}

function CrmSendForm({ provider }: { provider: Provider }) {
  const { outcome, running, run, fail } = useTestRun();
  const [leadIds, setLeadIds] = useState('');
  const [leadSource, setLeadSource] = useState('Testing Page');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = `Send to ${provider.name}`;

  const send = (event: FormEvent) => {
    event.preventDefault();
    const read = leadIdsOf(leadIds, provider.name);
    setError('error' in read ? read.error : null);
    if ('error' in read) return fail(label, read.error);
    const body = { leadIds: read.ids, leadSource: leadSource.trim() || undefined, notes: notes.trim() || undefined };
    const allSent = (answer: SendLeadsAnswer) => answer.failed === 0;
    void run(label, () => (provider.id === 'ringy' ? sendLeadsToRingy(body) : sendLeadsToVanillaSoft(body)), allSent);
  };

  return (
    <form onSubmit={send} noValidate aria-label={provider.name} className="min-w-0 space-y-3">
      <h3 className="font-semibold text-slate-900">{provider.name}</h3>
      <div>
        <label htmlFor={`${provider.id}-lead-ids`} className="block text-sm font-medium text-slate-800">
          Lead IDs
        </label>
        <textarea
          id={`${provider.id}-lead-ids`}
          rows={2}
          placeholder="1001, 1002"
          value={leadIds}
          onChange={(e) => setLeadIds(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${provider.id}-lead-ids-error` : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base aria-[invalid]:border-red-500"
        />
        {error && (
          <p id={`${provider.id}-lead-ids-error`} className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
      <FormField id={`${provider.id}-lead-source`} name="leadSource" label="Lead Source" value={leadSource} onChange={(e) => setLeadSource(e.target.value)} />
      <FormField id={`${provider.id}-notes`} name="notes" label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
      <Button type="submit" disabled={running}>
        {label}
      </Button>
      <TestResult outcome={outcome} />
    </form>
  );
}
