import * as oidc from 'openid-client';

import type { IdentityConfig, OidcProviderConfig } from '../../identity.config.js';

export type ExternalProvider = 'azure' | 'google';
export const EXTERNAL_PROVIDERS: readonly ExternalProvider[] = ['azure', 'google'];

/** What a provider vouches for about the person who signed in. */
export type ExternalProfile = {
  readonly provider: ExternalProvider;
  readonly subject: string;
  readonly email: string | null;
  /** The provider asserts the person controls `email`; only then may it link or create an account. */
  readonly emailVerified: boolean;
  readonly name: string | null;
};

/** What the callback needs to finish a sign-in started by `authorizationRequest`. */
export type PendingSignIn = { readonly state: string; readonly codeVerifier: string; readonly nonce: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The OpenID Connect clients of the configured providers (openid-client): authorization code
 * with PKCE (S256), state and nonce, scopes openid email profile. Discovery runs on first use
 * and again after a failure, so a provider that was down at start is used once it is back.
 */
export class OidcProviders {
  private readonly discovered = new Map<ExternalProvider, Promise<oidc.Configuration>>();

  constructor(
    private readonly config: IdentityConfig['oidc'],
    private readonly redirectUri: string,
    private readonly staffDomain: string | undefined,
  ) {}

  isConfigured(provider: ExternalProvider): boolean {
    return this.settings(provider) !== undefined;
  }

  async authorizationRequest(provider: ExternalProvider): Promise<{ url: URL; pending: PendingSignIn }> {
    const settings = this.settings(provider)!;
    const configuration = await this.configuration(provider);
    const pending = { state: oidc.randomState(), codeVerifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
    const parameters: Record<string, string> = {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      prompt: 'select_account',
    };
    if (provider === 'azure' && settings.domainHint) parameters.domain_hint = settings.domainHint;
    return { url: oidc.buildAuthorizationUrl(configuration, parameters), pending };
  }

  /** Exchanges the code (checking state, PKCE and the ID token's signature, issuer, audience and nonce). */
  async finish(provider: ExternalProvider, callbackUrl: URL, pending: PendingSignIn): Promise<ExternalProfile> {
    const configuration = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const emailClaim =
      typeof claims.email === 'string'
        ? claims.email
        : typeof claims.preferred_username === 'string' && claims.preferred_username.includes('@')
          ? claims.preferred_username
          : null;
    const email = emailClaim ? emailClaim.trim().toLowerCase() : null;
    return {
      provider,
      subject: claims.sub,
      email,
      emailVerified: email !== null && this.emailVerified(provider, email, claims),
      name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null,
    };
  }

  /**
   * Google says so in email_verified. Microsoft Entra ID may carry an address nobody verified
   * (a guest's, or one an admin typed), so it counts only when Entra marks it verified
   * (email_verified, or xms_edov: the domain owner verified it) or it is in the staff domain,
   * which the organisation's own tenant controls.
   */
  private emailVerified(provider: ExternalProvider, email: string, claims: oidc.IDToken): boolean {
    if (claims.email_verified === true) return true;
    if (provider === 'google') return false;
    if (claims.xms_edov === true) return true;
    return this.staffDomain !== undefined && email.endsWith(`@${this.staffDomain}`);
  }

  private settings(provider: ExternalProvider): OidcProviderConfig | undefined {
    return provider === 'azure' ? this.config.microsoft : this.config.google;
  }

  private configuration(provider: ExternalProvider): Promise<oidc.Configuration> {
    let configuration = this.discovered.get(provider);
    if (!configuration) {
      const settings = this.settings(provider)!;
      const issuer = new URL(settings.issuer);
      // Config validation allows http only for a local test issuer.
      const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
      configuration = oidc.discovery(
        issuer,
        settings.clientId,
        settings.clientSecret,
        undefined,
        insecure ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
      );
      configuration.catch(() => this.discovered.delete(provider));
      this.discovered.set(provider, configuration);
    }
    return configuration;
  }
}
