import { describe, expect, it } from 'vitest';

import { APP_ROUTES } from '../../web/src/app/app-routes.js';
import { portalUrl } from '../support/portal/portal.js';

function expectSecurityHeaders(headers: Headers, what: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  const json = headers.get('content-type')?.startsWith('application/json');
  // Pages and their files may load scripts from the portal only; API answers may load nothing.
  expect({ what, csp }).toMatchObject({ csp: expect.stringContaining(json ? "default-src 'none';" : "script-src 'self';") });
  expect({ what, csp }).toMatchObject({ csp: expect.stringContaining("frame-ancestors 'none'") });
  expect({ what, csp }).not.toMatchObject({ csp: expect.stringContaining('unsafe-eval') });
  expect({ what, frame: headers.get('x-frame-options'), sniff: headers.get('x-content-type-options'), referrer: headers.get('referrer-policy') }).toEqual({
    what,
    frame: 'DENY',
    sniff: 'nosniff',
    referrer: 'same-origin',
  });
  // The test portal's PUBLIC_URL is http: no HSTS (a unit test covers https).
  expect({ what, hsts: headers.get('strict-transport-security') }).toEqual({ what, hsts: null });
}

describe('security headers', () => {
  it('are on every kind of response: pages, assets, API answers, errors, the 404 page, robots.txt', async () => {
    const home = await fetch(`${portalUrl()}/`);
    const script = (await home.text()).match(/src="(\/assets\/[^"]+\.js)"/)![1]!;
    const cases: [string, RequestInit?][] = [
      ['/'],
      ['/admin/users'],
      ['/no-such-page'],
      [script],
      ['/robots.txt'],
      ['/api/auth/session'],
      ['/api/no-such-endpoint'],
      ['/api/admin/users'],
      ['/health/live'],
      ['/api/auth/sign-in', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }],
      ['/api/%E0%A4%A'],
    ];
    for (const [path, init] of cases) expectSecurityHeaders((await fetch(`${portalUrl()}${path}`, init)).headers, path);
  });

  it('are on every page of the app, and on the API docs', async () => {
    const pages = [...APP_ROUTES.map((route) => route.replace(/:\w+/g, 'some-id')), '/api/docs'];
    for (const path of pages) {
      const response = await fetch(`${portalUrl()}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect({ path, type: response.headers.get('content-type') }).toMatchObject({ type: expect.stringMatching(/^text\/html/) });
      expectSecurityHeaders(response.headers, path);
      await response.body?.cancel();
    }
  });
});
