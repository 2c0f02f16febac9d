import { Clock, Database, ExternalLink, ListChecks, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';

import { useSession } from '../../app/session-store';
import { Button } from '../../components/ui/button';
import content from '../../content/lead-management.json';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchLeadSites, type LeadSites } from './api/lead-sites';

const ICONS: Record<string, LucideIcon> = { data: Database, aged: Clock };

/** /leads (work accounts only, by the route guard): the lead partners' sites and the Lead Investment Program. */
export function LeadManagementPage() {
  const signedIn = useSession((s) => s.status === 'signed-in');
  // Without the sites the page still shows; their buttons say they are unavailable.
  const { data, error } = useApiQuery('/api/lead-sites', fetchLeadSites, { failure: 'Failed to load the lead sites', expected: () => true });
  const sites = data ?? null;
  const failed = error !== undefined;

  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-4xl font-bold tracking-tight text-brand-900">{content.title}</h1>
          <p className="mt-3 text-lg text-slate-600">{content.intro}</p>
        </div>
        {signedIn && (
          <Button asChild variant="outline">
            <Link to="/my-leads">
              <ListChecks className="h-4 w-4" aria-hidden />
              My Leads
            </Link>
          </Button>
        )}
      </div>

      <section aria-labelledby="lead-sites" className="mt-10">
        <h2 id="lead-sites" className="sr-only">
          Lead partners
        </h2>
        {failed && (
          <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
            The lead sites could not be loaded. Please reload the page.
          </p>
        )}
        <div className="grid gap-6 sm:grid-cols-2">
          {content.sites.map((site) => {
            const Icon = ICONS[site.id] ?? Database;
            const url = sites?.[site.urlKey as keyof LeadSites];
            return (
              <article key={site.id} data-site={site.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h3 className="mt-4 text-xl font-semibold text-slate-900">{site.title}</h3>
                <p className="mt-2 flex-1 text-slate-600">{site.description}</p>
                {url ? (
                  <Button asChild className="mt-5 self-start">
                    <a href={url} target="_blank" rel="noopener noreferrer">
                      Open {site.title}
                      <ExternalLink className="h-4 w-4" aria-hidden />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </Button>
                ) : (
                  <Button className="mt-5 self-start" disabled>
                    {failed ? 'Unavailable' : 'Loading...'}
                  </Button>
                )}
              </article>
            );
          })}
        </div>
      </section>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="investment" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="investment" className="text-xl font-semibold text-slate-900">
            {content.investment.title}
          </h2>
          <p className="mt-1 text-slate-600">{content.investment.intro}</p>
          <table className="mt-4 w-full text-left">
            <thead>
              <tr className="border-b border-slate-200 text-sm text-slate-600">
                <th scope="col" className="py-2 font-medium">
                  Tier
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {content.investment.tiers.map((row) => (
                <tr key={row.tier} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="py-2 font-medium text-slate-800">
                    {row.tier}
                  </th>
                  <td className="py-2 text-right tabular-nums text-slate-900">{row.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-labelledby="formula" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="formula" className="text-xl font-semibold text-slate-900">
            {content.formula.title}
          </h2>
          <h3 className="mt-4 text-sm font-medium text-slate-600">{content.formula.baseTitle}</h3>
          <dl className="mt-2">
            {content.formula.bases.map((base) => (
              <div key={base.when} className="flex justify-between gap-4 border-b border-slate-100 py-2 last:border-0">
                <dt className="text-slate-800">{base.when}</dt>
                <dd className="tabular-nums text-slate-900">{base.amount}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 rounded-md bg-brand-50 px-4 py-3 font-medium text-brand-900">{content.formula.bonus}</p>
          <p className="mt-3 rounded-md bg-brand-50 px-4 py-3 font-medium text-brand-900">{content.formula.total}</p>
        </section>
      </div>
    </div>
  );
}
