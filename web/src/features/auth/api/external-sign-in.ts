import { api } from '../../../lib/api-client';

export type ExternalProvider = 'microsoft' | 'google';
export type ConfiguredProviders = Record<ExternalProvider, boolean>;

export const fetchConfiguredProviders = () => api<ConfiguredProviders>('GET', '/api/auth/providers');

/** Asks the server for the provider's sign-in URL (it binds the attempt to this browser). */
export const startExternalSignIn = async (provider: ExternalProvider) =>
  (await api<{ authorizationUrl: string }>('POST', `/api/auth/oidc/${provider}/start`)).authorizationUrl;
