import { Mail, MessageSquare, Phone, Plug, Plus, Workflow } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { ShownOnceDialog } from '../../components/ui/shown-once-dialog';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchCustomIntegrations, type CustomIntegration } from './api/custom-integrations';
import { fetchIntegrations, type ProviderId } from './api/integrations';
import { CustomIntegrationDialog } from './components/custom-integration-dialog';
import { CustomIntegrationsSection } from './components/custom-integrations-section';

export const PROVIDER_ICONS: Record<ProviderId, typeof Plug> = { onlysales: Workflow, textdrip: MessageSquare, email: Mail, ringy: Phone, vanillasoft: Plug };

export function StatusBadge({ connected }: { connected: boolean }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${connected ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800'}`}>
      {connected ? 'Connected' : 'Not Connected'}
    </span>
  );
}

/** The custom integration form, open to add (editing null) or to edit one; a new key each time it opens. */
type FormState = { key: number; editing: CustomIntegration | null } | null;

/** /integrations (spec): the five providers with their concept, Connected / Not Connected, Manage Integrations, and the agent's custom integrations. */
export function IntegrationsPage() {
  const [form, setForm] = useState<FormState>(null);
  const [signing, setSigning] = useState<{ name: string; secret: string } | null>(null);
  // A delivery can turn an integration off (or a replay back on) while the page is open.
  const { data: providers = [], loading } = useApiQuery('/api/integrations', fetchIntegrations, {
    failure: 'Failed to load integrations',
    reloadOn: ['integrations'],
  });
  const { data: custom, reload: reloadCustom } = useApiQuery('/api/integrations/custom', fetchCustomIntegrations, {
    failure: 'Failed to load custom integrations',
    reloadOn: ['integrations'],
  });
  const loadCustom = () => void reloadCustom();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Integrations</h1>
          <p className="mt-1 text-sm text-slate-600">Connect your CRM, dialer, SMS and e-mail tools, so the leads you buy reach them.</p>
        </div>
        <Button onClick={() => setForm({ key: Date.now(), editing: null })} disabled={!custom}>
          <Plus className="h-4 w-4" aria-hidden /> Add Custom Integration
        </Button>
      </div>
      {loading ? (
        <Loading />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Providers">
          {providers.map((provider) => {
            const Icon = PROVIDER_ICONS[provider.providerId];
            return (
              <li key={provider.providerId} className="flex flex-col rounded-lg border border-slate-200 bg-white p-4" data-testid="provider">
                <div className="flex items-start justify-between gap-2">
                  <Icon className="h-6 w-6 text-brand-700" aria-hidden />
                  <StatusBadge connected={provider.connected} />
                </div>
                <h2 className="mt-2 font-semibold text-slate-900">{provider.name}</h2>
                <p className="text-sm text-slate-600">{provider.concept}</p>
                {provider.disabled && <p className="mt-1 text-sm font-medium text-red-800">Turned off: its deliveries kept failing</p>}
                <Link
                  to={`/integrations/${provider.providerId}`}
                  className="mt-4 inline-flex items-center justify-center rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:border-brand-500 hover:text-brand-700"
                  aria-label={`Manage Integrations: ${provider.name}`}
                >
                  Manage Integrations
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {custom && (
        <CustomIntegrationsSection
          integrations={custom.integrations}
          graceSeconds={custom.signingSecretGraceSeconds}
          onEdit={(editing) => setForm({ key: Date.now(), editing })}
          onChanged={loadCustom}
        />
      )}
      {custom && form && (
        <CustomIntegrationDialog
          key={form.key}
          open
          editing={form.editing}
          options={custom}
          onClose={() => setForm(null)}
          onSaved={(saved, signingSecret) => {
            setForm(null);
            if (signingSecret) setSigning({ name: saved.name, secret: signingSecret });
            loadCustom();
          }}
        />
      )}
      <ShownOnceDialog
        value={signing?.secret ?? null}
        title="Signing secret"
        description={`Requests to “${signing?.name ?? ''}” are signed with this secret (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), so your endpoint can check they come from us. It will not be shown again: copy it now.`}
        noun="signing secret"
        testId="signing-secret"
        onClose={() => setSigning(null)}
      />
    </div>
  );
}
