import { Mail, MessageSquare, Phone, Plug, Workflow } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../components/ui/toast-store';
import { fetchIntegrations, type Integration, type ProviderId } from './api/integrations';

export const PROVIDER_ICONS: Record<ProviderId, typeof Plug> = { onlysales: Workflow, textdrip: MessageSquare, email: Mail, ringy: Phone, vanillasoft: Plug };

export function StatusBadge({ connected }: { connected: boolean }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${connected ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-800'}`}>{connected ? 'Connected' : 'Not Connected'}</span>
  );
}

/** /integrations (spec): the five providers with their concept, Connected / Not Connected, and Manage Integrations. */
export function IntegrationsPage() {
  const [providers, setProviders] = useState<Integration[] | null>(null);
  useEffect(() => {
    fetchIntegrations().then(setProviders, () => {
      setProviders([]);
      toast({ title: 'Error', description: 'Failed to load integrations', variant: 'destructive' });
    });
  }, []);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Integrations</h1>
        <p className="mt-1 text-sm text-slate-600">Connect your CRM, dialer, SMS and e-mail tools, so the leads you buy reach them.</p>
      </div>
      {providers === null ? (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
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
    </div>
  );
}
