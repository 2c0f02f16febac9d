import { api } from '../../lib/api-client';

export type DemoSession = {
  readonly id: string;
  readonly mode: 'payment' | 'setup' | 'authentication';
  readonly status: 'open' | 'processing' | 'requires_action' | 'complete' | 'expired' | 'failed';
  readonly amountCents: number | null;
  readonly email: string;
  readonly cancelUrl: string;
};
export type DemoOutcome =
  | { readonly status: 'succeeded'; readonly redirectUrl: string }
  | { readonly status: 'requires_action' }
  | { readonly status: 'failed'; readonly message: string; readonly redirectUrl: string | null };
export type CardEntry = { number: string; expMonth: number; expYear: number; cvc: string };

const base = (id: string) => `/api/demo-pay/sessions/${encodeURIComponent(id)}`;
export const fetchDemoSession = (id: string) => api<DemoSession>('GET', base(id));
export const submitDemoCard = (id: string, card: CardEntry) => api<DemoOutcome>('POST', `${base(id)}/card`, card);
export const authenticateDemo = (id: string, outcome: 'authenticate' | 'fail') => api<DemoOutcome>('POST', `${base(id)}/authentication`, { outcome });
export const cancelDemo = (id: string) => api<{ redirectUrl: string }>('POST', `${base(id)}/cancel`);
