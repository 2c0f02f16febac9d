import { api } from '../../../lib/api-client';

export const PROVIDER_IDS = ['onlysales', 'textdrip', 'email', 'ringy', 'vanillasoft'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
/** A provider the portal has (in any case, as the server reads it): any other name is not asked of the server. */
export const isProviderId = (name: string): boolean => (PROVIDER_IDS as readonly string[]).includes(name.toLowerCase());
export type Integration = {
  providerId: ProviderId;
  name: string;
  concept: string;
  connected: boolean;
  connectedAt: string | null;
  settings: Record<string, unknown> | null;
  secretHints: Record<string, string>;
  integrationId: string | null;
  /** Turned off automatically after failing too long: when, and why. */
  disabled: { at: string; reason: string | null } | null;
  failingSince: string | null;
  deliveries: { deliveredLastDay: number; failedLastDay: number; held: number };
  /** After a rotation of the signing secret: until when the one it replaced still signs beside it. */
  previousSigningSecretUntil: string | null;
  /** How long a rotated-out signing secret keeps signing beside the new one. */
  signingSecretGraceSeconds: number;
};

export const fetchIntegrations = async () => (await api<{ providers: Integration[] }>('GET', '/api/integrations')).providers;
export const fetchIntegration = (providerId: string) => api<Integration>('GET', `/api/integrations/${encodeURIComponent(providerId)}`);
/** `signingSecret`: OnlySales' webhook signing secret, answered at the first connect only. */
export const connectIntegration = (providerId: ProviderId, form: Record<string, string>) =>
  api<{ integrationId: string; signingSecret?: string }>('PUT', `/api/integrations/${providerId}`, form);
export type RingyTest = { ok: true } | { ok: false; code: 'INVALID_CREDENTIALS' | 'TEST_FAILED'; message: string };
/** Ringy's credentials tested before Connect saves them: a failed test is an answer (no error status the browser would log). */
export const testRingyConnection = (form: Record<string, string>) => api<RingyTest>('POST', '/api/integrations/ringy/test-connection', form);
/** The Connect window's first address: the server makes a one-time request and sends the window on to Textdrip. */
export const textdripConnectUrl = (networkId: string) => `/api/integrations/textdrip/connect?network_id=${encodeURIComponent(networkId)}`;
export type TextdripClaim = {
  networkId: string;
  status: 'pending' | 'connected' | 'disconnected' | 'failed' | 'expired';
  connected: boolean;
  reason: string | null;
};
/** claim_textdrip_connection: what became of the connection the window opened with this network id. */
export const claimTextdripConnection = (networkId: string) => api<TextdripClaim>('POST', '/api/integrations/textdrip/claim', { networkId });
export type SigningSecretRotated = { integrationId: string; signingSecret: string; previousValidUntil: string };
/** A new webhook signing secret (OnlySales, custom API), answered this once; the old one keeps signing beside it until previousValidUntil. */
export const rotateSigningSecret = (integrationId: string) =>
  api<SigningSecretRotated>('POST', `/api/integration-connections/${integrationId}/rotate-signing-secret`);
export const disconnectIntegration = (providerId: ProviderId) => api('POST', `/api/integrations/${providerId}/disconnect`);

/** VanillaSoft's default field mappings (spec), as the form first shows them. */
export const DEFAULT_VANILLASOFT_MAPPINGS = JSON.stringify({ first_name: 'FirstName', last_name: 'LastName', phone: 'Phone', email: 'Email' }, null, 2);
