import { ApiError } from '../../../platform/http/api-error.js';
import { DemoCardPayments } from '../adapters/demo/demo-card-payments.js';
import type { CardPayments } from '../contracts/card-payments.port.js';

/** The demo provider, or 404 when this portal takes real cards through Stripe (the demo pages are gone then). */
export function demoProvider(payments: CardPayments): DemoCardPayments {
  if (!(payments instanceof DemoCardPayments))
    throw new ApiError(404, 'NOT_FOUND', 'The demo card provider is off: this portal takes real cards through Stripe.');
  return payments;
}
