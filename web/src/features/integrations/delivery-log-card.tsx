import { useState } from 'react';

import {
  fetchDeliveries,
  fetchDelivery,
  resendDelivery,
  resendFailed,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryStatus,
} from '../../app/api/deliveries';
import { DeliveryStatusBadge, deliveryStatusLabel } from '../../components/delivery-status-badge';
import { ReportProblemButton } from '../../components/report-problem-button';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { formatDateTime, formatDateTimeSeconds, formatShortDateTime, instantToOrgLocal, orgLocalToInstant, zoneAbbreviation } from '../../lib/format';
import { useApiPages, useApiQuery } from '../../lib/use-api-query';

const FILTERS: { value: '' | DeliveryStatus; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'succeeded', label: 'Delivered' },
  { value: 'pending', label: 'Retrying' },
  { value: 'failed', label: 'Failed' },
  { value: 'held', label: 'Held' },
];
const TRIGGERS: Record<DeliveryAttempt['trigger'], string> = { automatic: 'automatic', manual: 'resent', test: 'test', replay: 'replayed' };

/** What the last attempt came to, in a few words. */
function lastAnswer(delivery: Delivery): string {
  if (delivery.status === 'succeeded' && delivery.lastResendFailed) {
    return `resend failed: ${delivery.lastError ?? (delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : 'no answer')}`;
  }
  if (delivery.status === 'succeeded') return delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : 'Accepted';
  if (delivery.status === 'pending' && delivery.attempts === 0) return 'Sending…';
  const next = delivery.status === 'pending' && delivery.nextAttemptAt ? ` · next try ${formatDateTimeSeconds(delivery.nextAttemptAt)}` : '';
  return `${delivery.lastError ?? (delivery.lastStatus ? `HTTP ${delivery.lastStatus}` : '')}${next}`;
}

/** The delivery as its row reads, for a help request about it: 'Delivery of Ada Lovelace to My CRM (Failed), Nov 27, 2026, 4:30 PM EST'. */
const deliveryLabel = (delivery: Delivery, name: string) =>
  `Delivery of ${delivery.leadName ?? 'a lead'} to ${name} (${deliveryStatusLabel(delivery.status)}), ${formatDateTime(delivery.createdAt)}`;

/** A day ago on the organisation's wall clock, as the 'Since' field shows it. */
const dayAgo = () => instantToOrgLocal(new Date(Date.now() - 24 * 3_600_000));

/** The delivery log of one integration: every lead sent, its attempts, resend one or every failed one. */
export function DeliveryLogCard({ integrationId, name, connected }: { integrationId: string; name: string; connected: boolean }) {
  const [status, setStatus] = useState<'' | DeliveryStatus>('');
  const [open, setOpen] = useState<string | null>(null);
  const [resendingSince, setResendingSince] = useState<string | null>(null);

  const {
    items: deliveries,
    next,
    loadMore: more,
    reload: load,
  } = useApiPages(
    `/api/deliveries?integrationId=${integrationId}&status=${status}`,
    async (before: string | null) => {
      const page = await fetchDeliveries({ integrationId, status, ...(before ? { before } : {}) });
      return { items: page.deliveries, next: page.next };
    },
    { failure: 'Failed to load the delivery log', reloadOn: ['integrations'], itemKey: (delivery: Delivery) => delivery.deliveryId },
  );
  const resend = async (delivery: Delivery) => {
    try {
      await resendDelivery(delivery.deliveryId);
      toast({ title: 'Resending', description: `${delivery.leadName ?? 'The lead'} is being sent to ${name} again.` });
      await load();
    } catch (error) {
      toast({
        title: 'Resend Failed',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    }
  };
  const resendAll = async () => {
    if (!resendingSince) return;
    try {
      const { resent } = await resendFailed(integrationId, orgLocalToInstant(resendingSince)!);
      toast({
        title: resent === 0 ? 'Nothing to resend' : 'Resending',
        description:
          resent === 0 ? 'No failed or held deliveries since then.' : `${resent} ${resent === 1 ? 'lead is' : 'leads are'} being sent to ${name} again.`,
      });
      setResendingSince(null);
      await load();
    } catch (error) {
      toast({
        title: 'Resend Failed',
        description: error instanceof Error ? error.message : 'Unable to complete operation. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby="delivery-log-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="delivery-log-heading" className="font-semibold text-slate-900">
          Delivery log
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <label className="text-sm text-slate-700">
            <span className="sr-only">Show deliveries</span>
            <select
              value={status}
              onChange={(e) => setStatus(e.target.value as '' | DeliveryStatus)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            >
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          {connected && (
            <Button variant="outline" size="sm" onClick={() => setResendingSince(dayAgo())}>
              Resend failed…
            </Button>
          )}
        </div>
      </div>
      {!deliveries ? (
        <Loading className="mt-3 text-sm" />
      ) : deliveries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          {status ? 'No deliveries match.' : `No leads have been sent to ${name} yet. Each lead you get is sent here within seconds and listed here.`}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={`Deliveries to ${name}`}>
          {deliveries.map((delivery) => (
            <li key={delivery.deliveryId} data-testid="delivery" className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {delivery.leadName ?? 'A lead'} <DeliveryStatusBadge status={delivery.status} />
                </p>
                <p className="break-words text-slate-700">
                  {formatShortDateTime(delivery.createdAt)} · {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                  {lastAnswer(delivery) && ` · ${lastAnswer(delivery)}`}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setOpen(delivery.deliveryId)}
                  aria-label={`Details of the delivery of ${delivery.leadName ?? 'a lead'}`}
                >
                  Details
                </Button>
                {connected && !delivery.isTest && (
                  <Button variant="outline" size="sm" onClick={() => void resend(delivery)} aria-label={`Resend ${delivery.leadName ?? 'the lead'}`}>
                    Resend
                  </Button>
                )}
                <ReportProblemButton about={{ kind: 'delivery', id: delivery.deliveryId, label: deliveryLabel(delivery, name) }} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {next && (
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void more()}>
          Show more
        </Button>
      )}
      <DeliveryDetails deliveryId={open} onClose={() => setOpen(null)} />
      <Dialog open={resendingSince !== null} onOpenChange={(isOpen) => !isOpen && setResendingSince(null)}>
        <DialogContent>
          <DialogTitle>Resend failed deliveries</DialogTitle>
          <DialogDescription>Every failed or held lead for {name} since this time is sent again (up to 1,000 at once).</DialogDescription>
          <label className="block text-sm font-medium text-slate-800">
            Since ({zoneAbbreviation()})
            <input
              type="datetime-local"
              value={resendingSince ?? ''}
              onChange={(e) => setResendingSince(e.target.value)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base"
            />
          </label>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setResendingSince(null)}>
              Cancel
            </Button>
            <Button onClick={() => void resendAll()} disabled={!resendingSince}>
              Resend
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** One delivery's attempts: when, how, what came back (the first 2 KB of the answer). */
function DeliveryDetails({ deliveryId, onClose }: { deliveryId: string | null; onClose: () => void }) {
  const { data } = useApiQuery(`/api/deliveries/${deliveryId}`, () => fetchDelivery(deliveryId!), {
    failure: 'Failed to load the delivery',
    enabled: deliveryId !== null,
  });
  // Another delivery's answer is not shown while this one loads.
  const delivery = data?.deliveryId === deliveryId ? data : null;
  return (
    <Dialog open={deliveryId !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Delivery of {delivery?.leadName ?? 'a lead'}</DialogTitle>
        <DialogDescription>
          {delivery ? `Created ${formatShortDateTime(delivery.createdAt)}${delivery.campaignName ? ` · ${delivery.campaignName}` : ''}` : 'Loading...'}
        </DialogDescription>
        {delivery && (
          <ol className="space-y-3" aria-label="Attempts">
            {delivery.attempts.length === 0 && (
              <li className="text-sm text-slate-700">No attempt yet{delivery.status === 'held' ? ': held while the integration is turned off.' : '.'}</li>
            )}
            {delivery.attempts.map((attempt) => (
              <li key={attempt.attempt} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="font-medium text-slate-900">
                  Attempt {attempt.attempt} ({TRIGGERS[attempt.trigger]}) · {attempt.ok ? 'delivered' : 'failed'}
                </p>
                <p className="text-slate-700">
                  {formatShortDateTime(attempt.startedAt)} · {attempt.status ? `HTTP ${attempt.status}` : attempt.ok ? 'accepted' : 'no HTTP answer'} ·{' '}
                  {attempt.durationMs} ms
                </p>
                {attempt.error && <p className="break-words text-red-800">{attempt.error}</p>}
                {attempt.responsePreview && (
                  <pre
                    className="mt-2 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-xs text-slate-800"
                    tabIndex={0}
                    aria-label={`Answer to attempt ${attempt.attempt}`}
                  >
                    {attempt.responsePreview}
                  </pre>
                )}
              </li>
            ))}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
