import { ApiError } from '../../../platform/http/api-error.js';
import type { DemoCardPayments } from '../adapters/demo/demo-card-payments.js';
import type { DemoCheckoutSessions } from '../adapters/demo/demo-checkout-sessions.js';
import type { DemoDisputes } from '../adapters/demo/demo-disputes.js';
import type { DemoWebhookSender } from '../adapters/demo/demo-webhook-sender.js';

/** The demo card provider's parts: the port's adapter, its hosted checkout, the bank's side of its disputes, its webhooks. */
export type DemoProvider = {
  readonly cardPayments: DemoCardPayments;
  readonly checkoutSessions: DemoCheckoutSessions;
  readonly disputes: DemoDisputes;
  readonly webhooks: DemoWebhookSender;
};

/** The demo provider when it is this portal's card provider, otherwise null (payments' composition decides: card-payments.provider.ts). */
export const DEMO_PROVIDER = Symbol('DEMO_PROVIDER');

/** The demo provider, or 404 when this portal takes real cards through Stripe (the demo pages are gone then). */
export function demoProvider(demo: DemoProvider | null): DemoProvider {
  if (!demo) throw new ApiError(404, 'NOT_FOUND', 'The demo card provider is off: this portal takes real cards through Stripe.');
  return demo;
}
