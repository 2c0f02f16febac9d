import type { Delivery, DeliveryStatus } from '../app/api/deliveries';

const STATUS: Record<DeliveryStatus, { label: string; className: string }> = {
  succeeded: { label: 'Delivered', className: 'bg-emerald-100 text-emerald-900' },
  pending: { label: 'Retrying', className: 'bg-amber-100 text-amber-900' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900' },
  held: { label: 'Held', className: 'bg-slate-200 text-slate-900' },
  skipped: { label: 'Not sent', className: 'bg-slate-100 text-slate-800' },
};

const PROVIDER_NAMES: Record<string, string> = { onlysales: 'OnlySales', textdrip: 'Textdrip', email: 'Email', ringy: 'Ringy', vanillasoft: 'VanillaSoft' };

/** A delivery's status in the badge's words ('Delivered', 'Retrying', …). */
export const deliveryStatusLabel = (status: DeliveryStatus) => STATUS[status].label;

/** Where a delivery went: the integration's own name, else its provider's. */
export const destinationName = (delivery: Pick<Delivery, 'integrationName' | 'provider'>) =>
  delivery.integrationName ?? PROVIDER_NAMES[delivery.provider] ?? delivery.provider;

/** A lead delivery's status as a coloured label (the delivery log, a lead's deliveries). */
export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { label, className } = STATUS[status];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}
