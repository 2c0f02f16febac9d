import { describe, expect, it } from 'vitest';

import { isApiPath, isPopupReturnPage, securityHeaders } from './security-headers.js';

describe('securityHeaders', () => {
  it('sends HSTS and upgrades insecure requests only when the public URL is https', () => {
    const https = securityHeaders('https://portal.example.com');
    expect(https.page['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(https.api['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(https.page['content-security-policy']).toContain('upgrade-insecure-requests');

    const http = securityHeaders('http://localhost:3000');
    expect(http.page['strict-transport-security']).toBeUndefined();
    expect(http.api['strict-transport-security']).toBeUndefined();
    expect(http.page['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('allows scripts from the portal only on pages, and no framing', () => {
    const headers = securityHeaders('http://localhost:3000').page;
    const csp = Object.fromEntries(
      headers['content-security-policy']!.split(';').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1).join(' ')]),
    );
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'script-src-attr': "'none'",
      'frame-ancestors': "'none'",
      'object-src': "'none'",
    });
    expect(headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin' });
  });

  it('gives API answers the short REST set: nothing may load or frame them', () => {
    const headers = securityHeaders('http://localhost:3000').api;
    expect(headers).toEqual({
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'same-origin',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('lets the portal keep its own windows (the Textdrip connect window) and gives the pages they come back to no opener policy', () => {
    const headers = securityHeaders('https://portal.example.com');
    expect(headers.page['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers.popupReturn['cross-origin-opener-policy']).toBeUndefined();
    expect({ ...headers.popupReturn, 'cross-origin-opener-policy': 'same-origin-allow-popups' }).toEqual(headers.page);
    expect(
      ['/textdrip/success?connected=true', '/textdrip/failed', '/textdrip/failed/?reason=denied', '/textdrip/successful', '/integrations/textdrip'].map((url) =>
        isPopupReturnPage(url, ['/textdrip/success', '/textdrip/failed']),
      ),
    ).toEqual([true, true, true, false, false]);
  });

  it('counts the API docs as pages', () => {
    expect([
      isApiPath('/api/auth/session'),
      isApiPath('/health/live'),
      isApiPath('/api/docs'),
      isApiPath('/api/docs/openapi.json'),
      isApiPath('/about'),
    ]).toEqual([true, true, false, false, false]);
  });
});
