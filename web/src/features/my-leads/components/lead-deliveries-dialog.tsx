import { Link } from 'react-router-dom';

import { fetchDeliveries } from '../../../app/api/deliveries';
import { DeliveryStatusBadge, destinationName } from '../../../components/delivery-status-badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { formatShortDateTime } from '../../../lib/format';
import { useApiQuery } from '../../../lib/use-api-query';

/** Where one lead was sent: each of the agent's integrations it went to, and how that went (the per-lead delivery log). */
export function LeadDeliveriesDialog({ lead, onClose }: { lead: { leadId: string; name: string } | null; onClose: () => void }) {
  const { data, error } = useApiQuery(
    `/api/deliveries?leadId=${lead?.leadId}`,
    async () => ({ leadId: lead!.leadId, deliveries: (await fetchDeliveries({ leadId: lead!.leadId })).deliveries }),
    // Without an answer the dialog says none were found.
    { failure: 'Failed to load the deliveries', enabled: lead !== null, expected: () => true },
  );
  // Another lead's answer is not shown while this one loads.
  const deliveries = data && data.leadId === lead?.leadId ? data.deliveries : error ? [] : null;
  return (
    <Dialog open={lead !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Where {lead?.name ?? 'this lead'} was sent</DialogTitle>
        <DialogDescription>Each lead goes to your connected integrations within seconds of reaching you.</DialogDescription>
        {deliveries === null ? (
          <p role="status" className="text-sm text-slate-600">
            Loading...
          </p>
        ) : deliveries.length === 0 ? (
          <p className="text-sm text-slate-700">
            It was not sent anywhere: no integration was connected for it.{' '}
            <Link to="/integrations" className="font-medium text-brand-700 underline">
              Connect one
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {deliveries.map((d) => (
              <li key={d.deliveryId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {destinationName(d)} <DeliveryStatusBadge status={d.status} />
                  </p>
                  <p className="break-words text-slate-700">
                    {formatShortDateTime(d.succeededAt ?? d.createdAt)} · {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
                    {d.status !== 'succeeded' && d.lastError ? ` · ${d.lastError}` : ''}
                  </p>
                </div>
                {d.provider !== 'custom' && (
                  <Link to={`/integrations/${d.provider}`} className="text-brand-700 underline">
                    Delivery log
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
