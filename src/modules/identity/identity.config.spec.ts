import { describe, expect, it } from 'vitest';

import { readConfig } from '../../platform/config/config.js';
import { identityConfig } from './identity.config.js';

const loadConfig = (env: NodeJS.ProcessEnv) => readConfig([identityConfig], env);

describe('identity config', () => {
  it('turns a sign-in provider on only with everything it needs, and says what is missing', () => {
    expect(loadConfig({}).oidc).toEqual({});
    const on = loadConfig({
      MICROSOFT_CLIENT_ID: 'app',
      MICROSOFT_CLIENT_SECRET: 's3cret',
      MICROSOFT_TENANT_ID: 'tenant-1',
      STAFF_EMAIL_DOMAIN: 'agency.com',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
    });
    expect(on.oidc.microsoft).toEqual({
      issuer: 'https://login.microsoftonline.com/tenant-1/v2.0',
      clientId: 'app',
      clientSecret: 's3cret',
      domainHint: 'agency.com',
    });
    expect(on.oidc.google?.issuer).toBe('https://accounts.google.com');
    expect(() => loadConfig({ MICROSOFT_CLIENT_ID: 'app' })).toThrow(/MICROSOFT_CLIENT_SECRET: expected the client secret[\s\S]*MICROSOFT_TENANT_ID/);
    expect(() => loadConfig({ GOOGLE_CLIENT_SECRET: 'gs' })).toThrow(/GOOGLE_CLIENT_ID: expected the OAuth client id/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 'gs', GOOGLE_ISSUER: 'http://idp.example.com' })).toThrow(
      /GOOGLE_ISSUER: expected an https:\/\/ URL/,
    );
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 'gs', GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).oidc.google?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
  });
});
