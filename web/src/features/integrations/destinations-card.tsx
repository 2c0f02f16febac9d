import { useEffect, useState } from 'react';

import { fetchDestinations, saveDestinations, type Destinations } from '../../app/api/deliveries';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { useApiQuery } from '../../lib/use-api-query';

/** The Destinations card (spec): which of the agent's sources and campaigns route to this integration. */
export function DestinationsCard({ integrationId, name }: { integrationId: string | null; name: string }) {
  const [draft, setDraft] = useState<Destinations>({ sources: null, campaignIds: null });
  const [saving, setSaving] = useState(false);
  const { data: choices } = useApiQuery(`/api/integrations/${integrationId}/destinations`, () => fetchDestinations(integrationId!), {
    failure: 'Failed to load the destinations',
    enabled: integrationId !== null,
  });
  // The form starts from what is saved.
  useEffect(() => {
    if (choices) setDraft(choices.destinations);
  }, [choices]);

  const body = () => {
    if (!integrationId)
      return <p className="mt-2 text-sm text-slate-700">Connect {name} first; then choose which of your leads go to it. Until you choose, every lead does.</p>;
    if (!choices) return <Loading className="mt-2 text-sm" />;
    const sources = draft.sources ?? choices.sources.map((s) => s.source);
    const campaigns = draft.campaignIds ?? choices.campaigns.map((c) => c.campaignId);
    const toggle = (list: string[], value: string, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((v) => v !== value));
    const save = async () => {
      setSaving(true);
      try {
        const allSources = sources.length === choices.sources.length;
        const allCampaigns = campaigns.length === choices.campaigns.length;
        const saved = await saveDestinations(integrationId, { sources: allSources ? null : sources, campaignIds: allCampaigns ? null : campaigns });
        setDraft(saved.destinations);
        toast({ title: 'Destinations saved', description: `New leads go to ${name} as chosen.` });
      } catch (error) {
        toast({
          title: 'Error',
          description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
          variant: 'destructive',
        });
      } finally {
        setSaving(false);
      }
    };
    return (
      <div className="mt-3 space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Sources</legend>
          <div className="mt-1 grid gap-1 sm:grid-cols-2">
            {choices.sources.map((s) => (
              <label key={s.source} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={sources.includes(s.source)}
                  onChange={(e) => setDraft({ ...draft, sources: toggle(sources, s.source, e.target.checked) })}
                />
                {s.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset disabled={!sources.includes('data_leads')}>
          <legend className="text-sm font-medium text-slate-800">Campaigns (Data Leads)</legend>
          {choices.campaigns.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">
              You have no campaigns yet; the leads of every campaign you start will go here unless you choose otherwise.
            </p>
          ) : (
            <div className="mt-1 grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
              {choices.campaigns.map((c) => (
                <label key={c.campaignId} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={campaigns.includes(c.campaignId)}
                    onChange={(e) => setDraft({ ...draft, campaignIds: toggle(campaigns, c.campaignId, e.target.checked) })}
                  />
                  <span className="truncate">{c.name}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <p className="text-sm text-slate-700">
          {sources.length === 0
            ? `No leads go to ${name}.`
            : draft.sources === null && draft.campaignIds === null
              ? `Every lead you get goes to ${name}.`
              : `Only the checked sources and campaigns go to ${name}.`}
        </p>
        <Button onClick={() => void save()} disabled={saving}>
          {saving ? 'Saving...' : 'Save destinations'}
        </Button>
      </div>
    );
  };

  return (
    <section aria-labelledby="destinations-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="destinations-heading" className="font-semibold text-slate-900">
        Destinations
      </h2>
      {body()}
    </section>
  );
}
