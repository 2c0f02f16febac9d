import { ApiError } from '../../../platform/http/api-error.js';
import type { DemoCardPayments } from '../adapters/demo/demo-card-payments.js';

/** The demo card provider when it is this portal's card provider, otherwise null (payments' composition decides: card-payments.provider.ts). */
export const DEMO_CARD_PAYMENTS = Symbol('DEMO_CARD_PAYMENTS');

/** The demo provider, or 404 when this portal takes real cards through Stripe (the demo pages are gone then). */
export function demoProvider(demo: DemoCardPayments | null): DemoCardPayments {
  if (!demo) throw new ApiError(404, 'NOT_FOUND', 'The demo card provider is off: this portal takes real cards through Stripe.');
  return demo;
}
