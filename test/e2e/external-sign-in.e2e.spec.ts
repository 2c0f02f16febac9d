// Sign-in through Microsoft Entra ID and Google, end to end in the browser, against two
// real OpenID Connect issuers (oidc-provider) on 127.0.0.1 and a portal configured for them.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort } from '../support/free-port.js';
import { startOidcIssuer, type OidcIssuer } from '../support/oidc-issuer.js';
import { ApiClient } from '../support/portal/api-client.js';
import { startPortal, type PortalProcess } from '../support/portal/portal-process.js';
import { landedAfterSignIn } from '../support/portal/portal.js';
import { launchBrowser, newPage, portalUrl, screenshot } from './support/browser.js';

const STAFF_DOMAIN = 'agency.test';
let browser: Browser;
let microsoft: OidcIssuer;
let google: OidcIssuer | undefined;
let portal: PortalProcess;
let startGoogle: () => Promise<OidcIssuer>;

beforeAll(async () => {
  const [portalPort, microsoftPort, googlePort] = [await freePort(), await freePort(), await freePort()];
  const portalOrigin = `http://127.0.0.1:${portalPort}`;
  const redirectUri = `${portalOrigin}/auth/callback`;
  // Google's stand-in starts only when a test needs it: until then Google cannot be reached.
  startGoogle = async () =>
    (google ??= await startOidcIssuer({
      name: 'google',
      port: googlePort,
      client: { id: 'portal-google', secret: 'google-client-secret', redirectUri },
      accounts: [
        { id: 'g-bob', email: 'bob.new@gmail.test', emailVerified: true, name: 'Bob Newman' },
        { id: 'g-alex', email: 'agent@portal.test', emailVerified: true, name: 'Alex on Google' },
        { id: 'g-vic', email: 'vic.tim@gmail.test', emailVerified: true, name: 'Vic Tim' },
      ],
    }));
  microsoft = await startOidcIssuer({
    name: 'entra',
    port: microsoftPort,
    client: { id: 'portal-ms', secret: 'ms-client-secret', redirectUri },
    accounts: [
      // Entra ID often sends no email_verified: the staff domain is what vouches for the address.
      { id: 'ms-ana', email: `Ana.Work@${STAFF_DOMAIN}`, emailVerified: false, name: 'Ana Work' },
      { id: 'ms-guest', email: 'guest@elsewhere.test', emailVerified: false, name: 'Gus Guest' },
    ],
  });
  portal = await startPortal({
    PORT: String(portalPort),
    PUBLIC_URL: portalOrigin,
    DEMO_PASSWORD: 'oidc-demo-password-1',
    STAFF_EMAIL_DOMAIN: STAFF_DOMAIN,
    MICROSOFT_CLIENT_ID: 'portal-ms',
    MICROSOFT_CLIENT_SECRET: 'ms-client-secret',
    MICROSOFT_ISSUER: microsoft.url,
    GOOGLE_CLIENT_ID: 'portal-google',
    GOOGLE_CLIENT_SECRET: 'google-client-secret',
    GOOGLE_ISSUER: `http://127.0.0.1:${googlePort}`,
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await microsoft?.close();
  await google?.close();
});

const openPage = () => newPage(browser, { baseURL: portal.url });

async function pickAccount(page: Page, label: string): Promise<void> {
  await page.getByRole('heading', { name: 'Pick an account' }).waitFor();
  await page.getByRole('button', { name: label }).click();
}

describe('sign-in with Microsoft (work account)', () => {
  it('asks the issuer with PKCE, state, nonce, select_account and the domain hint, and comes back to the page first asked for', async () => {
    const { context, page } = await openPage();
    await page.goto('/weeks-et');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).waitFor();
    await page.getByRole('button', { name: 'Sign in with Google' }).waitFor();
    await screenshot(page, 'sign-in-with-providers');

    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await pickAccount(page, `Ana Work (Ana.Work@${STAFF_DOMAIN})`);
    await page.getByText('Welcome!', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/weeks-et');
    expect(await page.getByText('Full Access Unlocked').isVisible()).toBe(true);

    const request = microsoft.authorizationRequests.at(-1)!;
    expect(request.get('scope')).toBe('openid email profile');
    expect(request.get('prompt')).toBe('select_account');
    expect(request.get('domain_hint')).toBe(STAFF_DOMAIN);
    expect(request.get('code_challenge_method')).toBe('S256');
    expect(request.get('redirect_uri')).toBe(`${portal.url}/auth/callback`);
    expect(request.get('state')?.length).toBeGreaterThan(20);
    expect(request.get('nonce')?.length).toBeGreaterThan(20);

    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({
      email: `ana.work@${STAFF_DOMAIN}`,
      displayName: 'Ana Work',
      provider: 'azure',
      isMicrosoftUser: true,
      needsSatLeader: false,
    });
    await page.getByRole('button', { name: 'Ana Work' }).click();
    expect(await page.getByText('Full Access (Microsoft)').isVisible()).toBe(true);
    // A work account passes the server's access check without a code, and may open /leads.
    expect((await page.request.get('/api/training/video', { maxRedirects: 0 })).status()).toBe(302);
    await page.keyboard.press('Escape');
    await page.goto('/leads');
    await page.getByRole('heading', { name: 'Lead Management' }).waitFor();
    expect(await page.getByText('Microsoft Sign-In Required').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/leads');
    await context.close();
  });

  it('signs the same person in to the same account the next time', async () => {
    const { context, page } = await openPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await pickAccount(page, `Ana Work (Ana.Work@${STAFF_DOMAIN})`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user.email).toBe(`ana.work@${STAFF_DOMAIN}`);
    await context.close();
  });

  it('refuses an account whose e-mail address nobody verified', async () => {
    const { context, page } = await openPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await pickAccount(page, 'Gus Guest (guest@elsewhere.test)');
    await page.getByText('Authentication failed', { exact: true }).waitFor();
    expect(await page.getByText('did not share a verified e-mail address').first().isVisible()).toBe(true);
    await page.waitForURL((url) => url.pathname === '/auth');
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toBeNull();
    await context.close();
  });
});

describe('sign-in with Google', () => {
  it('says Google Sign-In failed when Google cannot be reached, and works once it can', async () => {
    const { context, page } = await openPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByText('Google Sign-In failed', { exact: true }).waitFor();
    expect(await page.getByText('Google sign-in cannot be reached right now').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await startGoogle();
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.getByRole('heading', { name: 'Pick an account' }).waitFor();
    await context.close();
  });

  it('creates an account for a new person, who then chooses a SAT leader', async () => {
    await startGoogle();
    const { context, page } = await openPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await pickAccount(page, 'Bob Newman (bob.new@gmail.test)');
    await page.getByText('Welcome!', { exact: true }).waitFor();
    await page.getByTestId('sat-leader-gate').waitFor();
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({
      email: 'bob.new@gmail.test',
      displayName: 'Bob Newman',
      provider: 'google',
      isMicrosoftUser: false,
      needsSatLeader: true,
    });
    expect(google!.authorizationRequests.at(-1)!.get('domain_hint')).toBeNull();
    await context.close();
  });

  it('links to the existing account with the same verified e-mail', async () => {
    await startGoogle();
    const { context, page } = await openPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await pickAccount(page, 'Alex on Google (agent@portal.test)');
    await page.waitForURL(landedAfterSignIn);
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user).toMatchObject({ email: 'agent@portal.test', displayName: 'Alex Agent', provider: 'google', needsSatLeader: false });
    await context.close();
  });

  it('takes an unconfirmed account over from whoever signed up with the address, dropping their password', async () => {
    await startGoogle();
    // Someone signs up with Vic's address and a password of their own, and never confirms.
    const squatter = new ApiClient(portal.url);
    const { leaders } = await (await squatter.request('GET', '/api/sat-leaders')).json();
    const signUp = await squatter.request('POST', '/api/auth/sign-up', {
      email: 'vic.tim@gmail.test',
      password: 'Squatter-Pass-1',
      confirmPassword: 'Squatter-Pass-1',
      satLeaderId: leaders[0].id,
    });
    expect(signUp.status).toBe(201);

    const { context, page } = await openPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await pickAccount(page, 'Vic Tim (vic.tim@gmail.test)');
    await page.getByText('Welcome!', { exact: true }).waitFor();
    expect((await (await page.request.get('/api/auth/session')).json()).user.email).toBe('vic.tim@gmail.test');
    const refused = await new ApiClient(portal.url).signIn('vic.tim@gmail.test', 'Squatter-Pass-1');
    expect((await refused.json()).code).toBe('INVALID_CREDENTIALS');
    await context.close();
  });

  it('shows Authentication failed when the person cancels at the provider', async () => {
    await startGoogle();
    const { context, page } = await openPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await pickAccount(page, 'Cancel');
    await page.getByText('Authentication failed', { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/auth');
    await context.close();
  });
});

describe('the callback', () => {
  it('refuses a state this browser did not start, and shows the page itself without one', async () => {
    const forged = await fetch(`${portal.url}/auth/callback?code=stolen&state=not-mine`, { redirect: 'manual' });
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toMatch(/^\/auth\/callback\?error=SIGN_IN_EXPIRED&/);
    expect(forged.headers.get('set-cookie') ?? '').not.toContain('portal_session=');

    const { context, page } = await openPage();
    await page.goto('/auth/callback');
    await page.waitForURL((url) => url.pathname === '/auth');
    await context.close();
  });

  it('shows no provider buttons on a portal where none is configured', async () => {
    const { context, page } = await newPage(browser);
    expect(portalUrl()).not.toBe(portal.url);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: /Sign in with (Microsoft|Google)/ }).count()).toBe(0);
    await context.close();
  });
});
