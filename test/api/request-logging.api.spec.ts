import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startPortal, type PortalProcess } from '../support/portal/portal-process.js';

describe('request logging of the running portal', () => {
  let portal: PortalProcess;
  beforeAll(async () => {
    portal = await startPortal({ LOG_LEVEL: 'info' });
  });
  afterAll(async () => portal?.stop());

  it('writes JSON lines that carry the request id, and echoes it in the response', async () => {
    const response = await fetch(`${portal.url}/api/unknown-thing`, { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-abc-123');
    expect((await response.json()).requestId).toBe('trace-abc-123');

    await expect.poll(() => portal.output(), { timeout: 5_000 }).toContain('trace-abc-123');
    const lines = portal
      .output()
      .split('\n')
      .filter((line) => line.includes('trace-abc-123'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ requestId: 'trace-abc-123', msg: 'request completed', statusCode: 404, url: '/api/unknown-thing' }));
  });

  it('never logs the credentials in one-time links and sign-in callbacks', async () => {
    await fetch(`${portal.url}/auth?type=recovery&token=reset-secret-123`, { headers: { 'x-request-id': 'trace-reset' } });
    await fetch(`${portal.url}/auth/confirm?token=confirm-secret-456`, { headers: { 'x-request-id': 'trace-confirm' } });
    await fetch(`${portal.url}/auth/callback?code=code-secret-789&state=state-secret`, { headers: { 'x-request-id': 'trace-callback' }, redirect: 'manual' });
    await expect.poll(() => portal.output(), { timeout: 5_000 }).toContain('trace-callback');
    const output = portal.output();
    for (const secret of ['reset-secret-123', 'confirm-secret-456', 'code-secret-789', 'state-secret']) expect(output).not.toContain(secret);
    const line = output.split('\n').find((l) => l.includes('trace-reset'))!;
    expect(JSON.parse(line).url).toBe('/auth?type=recovery&token=[redacted]');
  });

  it('makes up a request id when the caller sends none or a malformed one', async () => {
    const response = await fetch(`${portal.url}/health/live`, { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
