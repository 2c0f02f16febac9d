import { api, ApiRequestError } from '../../../lib/api-client';

export type PaymentMethod = {
  readonly id: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly isDefault: boolean;
};

export type TopUpAnswer =
  { readonly status: 'succeeded'; readonly paymentId: string } | { readonly status: 'redirect'; readonly url: string; readonly paymentId: string | null };

export const fetchPaymentMethods = () => api<{ methods: PaymentMethod[] }>('GET', '/api/payments/methods').then((answer) => answer.methods);
export const setDefaultPaymentMethod = (id: string) => api<{ success: true }>('POST', `/api/payments/methods/${encodeURIComponent(id)}/default`);
export const deletePaymentMethod = (id: string) => api<{ success: true }>('DELETE', `/api/payments/methods/${encodeURIComponent(id)}`);
export const createSetupSession = () => api<{ publishableKey: string | null; url: string | null }>('POST', '/api/payments/setup');

/**
 * create-payment-intent with its Idempotency-Key: the caller makes one key per submit and
 * passes the same key to every retry of it, so a retry never charges twice.
 */
export const topUp = (amountCents: number, paymentMethodId: string, idempotencyKey: string) =>
  // The provider's tab comes back to the page the agent is on, which then shows how it went.
  api<TopUpAnswer>(
    'POST',
    '/api/payments/top-up',
    { amountCents, paymentMethodId, returnPath: window.location.pathname },
    { 'idempotency-key': idempotencyKey },
  );

/** A top-up retried with its own key while the answer is unknown (no connection, or the first attempt still running). */
export async function topUpWithRetries(amountCents: number, paymentMethodId: string, idempotencyKey: string, attempts = 3): Promise<TopUpAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await topUp(amountCents, paymentMethodId, idempotencyKey);
    } catch (failure) {
      const unknownOutcome = failure instanceof ApiRequestError && (failure.status === 0 || failure.code === 'IDEMPOTENCY_KEY_IN_USE' || failure.status >= 500);
      if (!unknownOutcome || attempt >= attempts) throw failure;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };
export const brandName = (brand: string) => BRANDS[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
export const expiry = (method: Pick<PaymentMethod, 'expMonth' | 'expYear'>) => `${String(method.expMonth).padStart(2, '0')}/${method.expYear}`;
