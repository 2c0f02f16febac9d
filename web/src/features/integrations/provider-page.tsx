import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';

import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyButton } from '../../components/ui/copy-button';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { ApiRequestError } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';
import {
  connectIntegration,
  DEFAULT_VANILLASOFT_MAPPINGS,
  disconnectIntegration,
  fetchIntegration,
  isProviderId,
  testRingyConnection,
  type Integration,
  type ProviderId,
} from './api/integrations';
import { DeliveryHealth } from './delivery-health';
import { DeliveryLogCard } from './delivery-log-card';
import { DestinationsCard } from './destinations-card';
import { PROVIDER_ICONS, StatusBadge } from './integrations-page';
import { SigningSecretRotation } from './signing-secret-rotation';
import { TextdripConnect } from './textdrip-connect';

type Field = { name: string; label: string; type?: 'text' | 'password' | 'url' | 'email' | 'textarea'; secret?: boolean; optional?: boolean };

/** Each provider's form (spec: section 5, Providers); secrets are typed again to change them, never shown. */
const FORMS: Record<Exclude<ProviderId, 'textdrip'>, { fields: Field[]; required: (form: Record<string, string>) => string | null }> = {
  onlysales: {
    fields: [
      { name: 'webhookUrl', label: 'Webhook URL', type: 'url' },
      { name: 'apiKey', label: 'API key', type: 'password', secret: true },
    ],
    required: (f) => (f.webhookUrl?.trim() && f.apiKey?.trim() ? null : 'Please fill in all required fields.'),
  },
  email: {
    fields: [{ name: 'email', label: 'Email address', type: 'email' }],
    required: (f) => (f.email?.trim() ? null : 'Please enter an email address.'),
  },
  ringy: {
    fields: [
      { name: 'sid', label: 'SID', type: 'password', secret: true },
      { name: 'authToken', label: 'Auth Token', type: 'password', secret: true },
      { name: 'nickname', label: 'Nickname (optional)', optional: true },
    ],
    required: (f) => (f.sid?.trim() && f.authToken?.trim() ? null : 'Please provide both SID and Auth Token'),
  },
  vanillasoft: {
    fields: [
      { name: 'credentialName', label: 'Credential name' },
      { name: 'postingUrl', label: 'Posting URL', type: 'password', secret: true },
      { name: 'fieldMappings', label: 'Field mappings (JSON)', type: 'textarea' },
    ],
    required: (f) => {
      if (!f.credentialName?.trim() || !f.postingUrl?.trim() || !f.fieldMappings?.trim()) return 'Please fill in all required fields.';
      try {
        const parsed: unknown = JSON.parse(f.fieldMappings);
        return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? null : 'Invalid JSON format for field mappings';
      } catch {
        return 'Invalid JSON format for field mappings';
      }
    },
  },
};

function initialForm(integration: Integration): Record<string, string> {
  const settings = integration.settings ?? {};
  if (integration.providerId === 'vanillasoft') {
    return {
      credentialName: String(settings.credentialName ?? ''),
      postingUrl: '',
      fieldMappings: settings.fieldMappings ? JSON.stringify(settings.fieldMappings, null, 2) : DEFAULT_VANILLASOFT_MAPPINGS,
    };
  }
  if (integration.providerId === 'onlysales') return { webhookUrl: String(settings.webhookUrl ?? ''), apiKey: '' };
  if (integration.providerId === 'email') return { email: String(settings.email ?? '') };
  if (integration.providerId === 'ringy') return { sid: '', authToken: '', nickname: String(settings.nickname ?? '') };
  return {};
}

/** /integrations/{providerId} (spec): title, status, Connect or Disconnect, and the provider's form. */
export function ProviderPage() {
  const { providerId = '' } = useParams();
  const [form, setForm] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<Integration | null>(null);
  /** OnlySales' signing secret, shown once right after the connect or the rotation that made it. */
  const [signingSecret, setSigningSecret] = useState<string | null>(null);

  const {
    data: integration,
    error,
    reload,
  } = useApiQuery(`/api/integrations/${providerId}`, () => fetchIntegration(providerId), {
    failure: 'Failed to load the integration',
    reloadOn: ['integrations'],
    expected: (refusal) => refusal.status === 404,
    // An unknown name is not found without asking (a 404 would still be logged by the browser).
    enabled: isProviderId(providerId),
  });
  // The form is filled from the first answer and after the page's own changes, not on a
  // realtime refresh, which would lose what is being typed.
  const refill = useRef(true);
  useEffect(() => {
    refill.current = true;
  }, [providerId]);
  useEffect(() => {
    if (!integration || !refill.current) return;
    refill.current = false;
    setForm(initialForm(integration));
  }, [integration]);
  const load = async (refillForm = true) => {
    refill.current = refillForm;
    await reload();
  };

  if (!isProviderId(providerId) || (!integration && error instanceof ApiRequestError && error.status === 404)) {
    return (
      <div className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-8 text-center">
        <h1 className="text-xl font-bold text-slate-900">Integration not found</h1>
        <p className="mt-2 text-slate-700">
          There is no integration called “{providerId}”. The providers are OnlySales, Textdrip, Email, Ringy and VanillaSoft.
        </p>
        <Link to="/integrations" className="mt-4 inline-block font-medium text-brand-700 underline">
          Back to Integrations
        </Link>
      </div>
    );
  }

  if (!integration) return <Loading />;
  const Icon = PROVIDER_ICONS[integration.providerId];
  const spec = integration.providerId === 'textdrip' ? null : FORMS[integration.providerId];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!spec) return;
    const problem = spec.required(form);
    // Spec section 8 (Integrations): missing fields are 'Missing Information', a malformed value a 'Validation Error'.
    if (problem)
      return toast({ title: problem.startsWith('Invalid') ? 'Validation Error' : 'Missing Information', description: problem, variant: 'destructive' });
    setSaving(true);
    const filled = Object.fromEntries(Object.entries(form).filter(([, value]) => value.trim() !== ''));
    try {
      // Ringy's credentials are tested before they are saved (spec: Test Failed).
      if (integration.providerId === 'ringy') {
        const test = await testRingyConnection(filled);
        if (!test.ok) return toast({ title: 'Test Failed', description: test.message, variant: 'destructive' });
      }
      const answer = await connectIntegration(integration.providerId, filled);
      if (answer.signingSecret) setSigningSecret(answer.signingSecret);
      toast({ title: `${integration.name} Connected`, description: `New leads can now go to ${integration.name}.` });
      await load();
    } catch (error) {
      // Ringy's test can still fail when Connect tests again.
      const testFailed = error instanceof ApiRequestError && (error.code === 'INVALID_CREDENTIALS' || error.code === 'TEST_FAILED');
      toast({
        title: testFailed ? 'Test Failed' : 'Connection Failed',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };
  const disconnect = async () => {
    setConfirming(null);
    try {
      await disconnectIntegration(integration.providerId);
      toast({ title: `${integration.name} Disconnected`, description: 'Its settings are kept; connect again at any time.' });
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    }
    await load();
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/integrations" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Integrations
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <Icon className="h-8 w-8 text-brand-700" aria-hidden />
          <div>
            <h1 className="text-2xl font-bold text-brand-900">{integration.name}</h1>
            <p className="text-sm text-slate-600">{integration.concept}</p>
          </div>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge connected={integration.connected} />
          {integration.connected && (
            <Button variant="outline" onClick={() => setConfirming(integration)}>
              Disconnect
            </Button>
          )}
        </div>
      </div>

      <DeliveryHealth integration={{ ...integration, held: integration.deliveries.held }} onChanged={() => void load(false)} />
      {signingSecret && (
        <section aria-labelledby="signing-secret-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          <h2 id="signing-secret-heading" className="font-semibold text-slate-900">
            Webhook signing secret
          </h2>
          <p className="mt-1 text-sm text-slate-800">
            Every lead sent to your webhook is signed with this secret (Standard Webhooks: the webhook-id, webhook-timestamp and webhook-signature headers).
            Copy it into your receiver now: it is shown this once.
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code data-testid="signing-secret" className="block min-w-0 flex-1 break-all rounded bg-white p-2 font-mono text-sm text-slate-900">
              {signingSecret}
            </code>
            <CopyButton value={signingSecret} noun="signing secret" />
          </div>
        </section>
      )}

      <section aria-labelledby="setup-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="setup-heading" className="font-semibold text-slate-900">
          {integration.connected ? 'Settings' : 'Connect'}
        </h2>
        {integration.secretHints.signingSecret && integration.integrationId && (
          <div className="mt-2">
            <SigningSecretRotation
              integrationId={integration.integrationId}
              name={integration.name}
              hint={integration.secretHints.signingSecret}
              previousUntil={integration.previousSigningSecretUntil}
              graceSeconds={integration.signingSecretGraceSeconds}
              onRotated={(secret) => {
                setSigningSecret(secret);
                toast({ title: 'Signing secret rotated', description: 'Copy the new secret into your receiver: it is shown this once.' });
                void load(false);
              }}
            />
          </div>
        )}
        {!spec ? (
          <TextdripConnect integration={integration} onConnected={() => void load()} />
        ) : (
          <form onSubmit={(e) => void submit(e)} className="mt-3 space-y-4" noValidate>
            {spec.fields.map((field) => {
              const hint = field.secret ? integration.secretHints[field.name] : undefined;
              const id = `integration-${field.name}`;
              return (
                <div key={field.name}>
                  <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                    {field.label}
                  </label>
                  {field.type === 'textarea' ? (
                    <textarea
                      id={id}
                      rows={6}
                      value={form[field.name] ?? ''}
                      onChange={(e) => setForm({ ...form, [field.name]: e.target.value })}
                      className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-sm"
                    />
                  ) : (
                    <input
                      id={id}
                      type={field.type ?? 'text'}
                      autoComplete="off"
                      value={form[field.name] ?? ''}
                      placeholder={hint ? `Saved as ${hint}; enter it again to save changes` : undefined}
                      onChange={(e) => setForm({ ...form, [field.name]: e.target.value })}
                      className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
                    />
                  )}
                </div>
              );
            })}
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : integration.connected ? 'Save' : 'Connect'}
            </Button>
          </form>
        )}
      </section>

      <DestinationsCard integrationId={integration.integrationId} name={integration.name} />
      {integration.integrationId && <DeliveryLogCard integrationId={integration.integrationId} name={integration.name} connected={integration.connected} />}

      <ConfirmDialog
        subject={confirming}
        title={`Disconnect ${integration.name}?`}
        description={() => 'No new leads go to it until you connect it again. Its settings are kept.'}
        confirmLabel="Disconnect"
        onConfirm={() => void disconnect()}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
