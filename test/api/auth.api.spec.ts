import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { freshAgent } from '../support/portal/portal.js';

const url = () => inject('portalUrl');
const password = () => inject('demoPassword');

describe('signing in and out (API)', () => {
  it('signs a demo agent in, keeps the session, and ends it on sign-out', async () => {
    const client = new ApiClient(url());
    const signIn = await client.signIn('  Agent@Portal.test ', password());
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^portal_session=[\w-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');

    const session = await (await client.request('GET', '/api/auth/session')).json();
    expect(session.user).toMatchObject({ email: 'agent@portal.test', displayName: 'Alex Agent', isAdmin: false, isMicrosoftUser: false });
    // The time zone every page shows times in: the agent chose none, so the organisation's (ORG_TIME_ZONE, New York by default).
    expect(session.timeZone).toBe('America/New_York');
    expect(session.organisationTimeZone).toBe('America/New_York');

    expect((await client.request('POST', '/api/auth/sign-out')).status).toBe(204);
    expect(await (await client.request('GET', '/api/auth/session')).json()).toEqual({
      user: null,
      timeZone: 'America/New_York',
      organisationTimeZone: 'America/New_York',
    });
  });

  it('answers an unknown e-mail and a wrong password alike', async () => {
    const { email } = await freshAgent('wrong');
    const unknown = await new ApiClient(url()).signIn('nobody@portal.test', password());
    const wrong = await new ApiClient(url()).signIn(email, 'not-the-password');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' });
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' });
  });

  it('names the bad field when the sign-in form is incomplete', async () => {
    const response = await new ApiClient(url()).request('POST', '/api/auth/sign-in', { email: 'not-an-email' });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual([
      { field: 'email', message: 'Enter a valid email address' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('refuses a write without the CSRF token, and writes from another site', async () => {
    const client = new ApiClient(url());
    await client.signIn('agent@portal.test', password());
    const token = client.csrfToken;
    client.csrfToken = '';
    const noToken = await client.request('POST', '/api/auth/sign-out');
    expect(noToken.status).toBe(403);
    expect((await noToken.json()).code).toBe('CSRF_TOKEN_INVALID');
    client.csrfToken = token;
    const crossSite = await client.request('POST', '/api/auth/sign-out', undefined, { origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).code).toBe('CROSS_SITE_REQUEST');
    expect((await (await client.request('GET', '/api/auth/session')).json()).user).not.toBeNull();
  });

  it("refuses a write carrying a token that is not the session's own: another session's, or a made-up one", async () => {
    const { email, password: own } = await freshAgent('csrf');
    const victim = new ApiClient(url());
    const other = new ApiClient(url());
    expect((await victim.signIn(email, own)).status).toBe(200);
    expect((await other.signIn(email, own)).status).toBe(200);
    expect(other.csrfToken).not.toBe(victim.csrfToken);
    const token = victim.csrfToken;

    for (const wrong of [other.csrfToken, randomBytes(32).toString('base64url'), token.slice(0, -1)]) {
      victim.csrfToken = wrong;
      const refused = await victim.request('POST', '/api/auth/sign-out');
      expect(refused.status).toBe(403);
      expect((await refused.json()).code).toBe('CSRF_TOKEN_INVALID');
    }
    // Nothing changed: the session still stands, and its own token still signs it out.
    victim.csrfToken = token;
    expect((await (await victim.request('GET', '/api/auth/session')).json()).user).toMatchObject({ email });
    expect((await victim.request('POST', '/api/auth/sign-out')).status).toBe(204);
    expect((await (await victim.request('GET', '/api/auth/session')).json()).user).toBeNull();
  });

  it('gives a new session token at every sign-in', async () => {
    const first = await new ApiClient(url()).signIn('agent@portal.test', password());
    const second = await new ApiClient(url()).signIn('agent@portal.test', password());
    expect(first.headers.get('set-cookie')!.split(';')[0]).not.toBe(second.headers.get('set-cookie')!.split(';')[0]);
  });

  it('keeps the realtime stream for signed-in users', async () => {
    const response = await fetch(`${url()}/api/realtime/stream`);
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('UNAUTHENTICATED');
  });
});
