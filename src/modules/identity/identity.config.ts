import { z } from 'zod';

import { commaList, optionalText, optionalUrl } from '../../platform/config/config-schema.js';
import { configSection } from '../../platform/config/config-section.js';
import { ConfigError, type PlatformConfig } from '../../platform/config/config.js';
import type { StaffEmailDomainSetting } from './contracts/staff-email-domain.js';

export type OidcProviderConfig = {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Microsoft only: the organisation's domain, sent as domain_hint. */
  readonly domainHint?: string;
};

/** Who signs in, and how. */
export type IdentitySettings = StaffEmailDomainSetting & {
  readonly demoPassword: string | undefined;
  /** Who may sign up: company domains and single approved addresses; both empty means anyone. */
  readonly signUp: { readonly allowedDomains: readonly string[]; readonly approvedEmails: readonly string[] };
  /** One person never offered in the SAT leader list. */
  readonly satLeaderExcludedEmail: string | undefined;
  /** Sign-in through OpenID Connect providers; a provider absent here has no button. */
  readonly oidc: { readonly microsoft?: OidcProviderConfig; readonly google?: OidcProviderConfig };
};

/** What the identity module's code reads. */
export type IdentityConfig = PlatformConfig & IdentitySettings;

const shape = {
  STAFF_EMAIL_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((value) => !value || /^[a-z0-9.-]+\.[a-z]{2,}$/.test(value), 'expected a domain name, e.g. example.com'),
  ALLOWED_EMAIL_DOMAINS: z
    .string()
    .optional()
    .transform((value) => commaList(value))
    .refine((list) => list.every((d) => /^[a-z0-9.-]+\.[a-z]{2,}$/.test(d)), 'expected domain names separated by commas, e.g. agency.com,partner.org'),
  APPROVED_EMAILS: z
    .string()
    .optional()
    .transform((value) => commaList(value))
    .refine((list) => list.every((e) => /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/.test(e)), 'expected e-mail addresses separated by commas'),
  MICROSOFT_CLIENT_ID: optionalText(),
  MICROSOFT_CLIENT_SECRET: optionalText(),
  MICROSOFT_TENANT_ID: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^[A-Za-z0-9.-]+$/.test(value), 'expected a tenant id (a GUID) or a tenant domain, e.g. contoso.onmicrosoft.com'),
  MICROSOFT_ISSUER: optionalUrl(['https:', 'http:'], 'https://login.microsoftonline.com/<tenant id>/v2.0'),
  MICROSOFT_DOMAIN_HINT: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine((value) => !value || /^[a-z0-9.-]+\.[a-z]{2,}$/.test(value), 'expected a domain name, e.g. example.com'),
  GOOGLE_CLIENT_ID: optionalText(),
  GOOGLE_CLIENT_SECRET: optionalText(),
  GOOGLE_ISSUER: optionalUrl(['https:', 'http:'], 'https://accounts.google.com'),
  SAT_LEADER_EXCLUDED_EMAIL: z.string().trim().toLowerCase().optional(),
  DEMO_PASSWORD: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === '' || value.length >= 8, 'expected at least 8 characters'),
};

type IdentityEnv = z.infer<z.ZodObject<typeof shape>>;

export const identityConfig = configSection(shape, (e): IdentitySettings => {
  const oidc = oidcProviders(e);
  if (oidc.problems.length > 0) throw new ConfigError(oidc.problems);
  return {
    demoPassword: e.DEMO_PASSWORD ? e.DEMO_PASSWORD : undefined,
    staffEmailDomain: e.STAFF_EMAIL_DOMAIN ? e.STAFF_EMAIL_DOMAIN : undefined,
    signUp: { allowedDomains: e.ALLOWED_EMAIL_DOMAINS, approvedEmails: e.APPROVED_EMAILS },
    satLeaderExcludedEmail: e.SAT_LEADER_EXCLUDED_EMAIL ? e.SAT_LEADER_EXCLUDED_EMAIL : undefined,
    oidc: oidc.providers,
  };
});

/** A provider is on when its client id is set; then everything else it needs must be set too. */
function oidcProviders(e: IdentityEnv): { providers: IdentitySettings['oidc']; problems: string[] } {
  const problems: string[] = [];
  const providers: { microsoft?: OidcProviderConfig; google?: OidcProviderConfig } = {};
  const issuerProblem = (name: string, issuer: string) => {
    const url = new URL(issuer);
    // Plain http is for a local test issuer only; tokens never cross a network unencrypted.
    if (url.protocol === 'http:' && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      problems.push(`${name}: expected an https:// URL (http:// only for 127.0.0.1 or localhost) (got "${issuer}")`);
    }
  };
  if (e.MICROSOFT_CLIENT_ID || e.MICROSOFT_CLIENT_SECRET) {
    if (!e.MICROSOFT_CLIENT_ID) problems.push('MICROSOFT_CLIENT_ID: expected the application (client) id, since MICROSOFT_CLIENT_SECRET is set');
    if (!e.MICROSOFT_CLIENT_SECRET) problems.push('MICROSOFT_CLIENT_SECRET: expected the client secret, since MICROSOFT_CLIENT_ID is set');
    if (!e.MICROSOFT_ISSUER && !e.MICROSOFT_TENANT_ID)
      problems.push("MICROSOFT_TENANT_ID: expected the organisation's tenant id (or MICROSOFT_ISSUER), since Microsoft sign-in is configured");
    const issuer = e.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${e.MICROSOFT_TENANT_ID}/v2.0`;
    if (e.MICROSOFT_ISSUER) issuerProblem('MICROSOFT_ISSUER', issuer);
    if (e.MICROSOFT_CLIENT_ID && e.MICROSOFT_CLIENT_SECRET) {
      const domainHint = e.MICROSOFT_DOMAIN_HINT ?? (e.STAFF_EMAIL_DOMAIN || undefined);
      providers.microsoft = { issuer, clientId: e.MICROSOFT_CLIENT_ID, clientSecret: e.MICROSOFT_CLIENT_SECRET, ...(domainHint ? { domainHint } : {}) };
    }
  }
  if (e.GOOGLE_CLIENT_ID || e.GOOGLE_CLIENT_SECRET) {
    if (!e.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID: expected the OAuth client id, since GOOGLE_CLIENT_SECRET is set');
    if (!e.GOOGLE_CLIENT_SECRET) problems.push('GOOGLE_CLIENT_SECRET: expected the OAuth client secret, since GOOGLE_CLIENT_ID is set');
    const issuer = e.GOOGLE_ISSUER ?? 'https://accounts.google.com';
    if (e.GOOGLE_ISSUER) issuerProblem('GOOGLE_ISSUER', issuer);
    if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) providers.google = { issuer, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET };
  }
  return { providers, problems };
}
