import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';

import { ApiClient } from '../support/portal/api-client.js';
import { mailedLink, tokenOf } from '../support/portal/mailbox.js';
import { freshAgent } from '../support/portal/portal.js';

const url = () => inject('portalUrl');

async function leaders(): Promise<{ id: string; displayName: string }[]> {
  return (await (await fetch(`${url()}/api/sat-leaders`)).json()).leaders;
}

const confirmationToken = async (email: string) => tokenOf(await mailedLink(email, 'confirm'));

describe('signing up (API)', () => {
  it('lists the SAT leaders by name only', async () => {
    const list = await leaders();
    // The demo's two (a test of the shared portal may have made another leader meanwhile).
    expect(list.map((l) => l.displayName)).toEqual(expect.arrayContaining(['Sam Rivera', 'Taylor Brooks']));
    expect(JSON.stringify(list)).not.toContain('@');
  });

  it('names each problem of the form in the spec’s words', async () => {
    const response = await new ApiClient(url()).request('POST', '/api/auth/sign-up', {
      email: 'new@agents.test',
      password: 'password',
      confirmPassword: 'different',
    });
    expect(response.status).toBe(400);
    const { fieldErrors } = await response.json();
    expect(fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'satLeaderId', message: 'Please select your SAT leader before signing up.' },
        { field: 'password', message: 'This password is one of the most common ones. Please choose a harder one to guess.' },
        { field: 'confirmPassword', message: 'Please make sure both passwords are the same.' },
      ]),
    );
  });

  it('creates an account that signs in only after the e-mailed link confirms it', async () => {
    const email = `new-${randomUUID().slice(0, 8)}@agents.test`;
    const client = new ApiClient(url());
    const signUp = await client.request('POST', '/api/auth/sign-up', {
      email: `  ${email.toUpperCase()} `,
      password: 'Tampa-Bay-2026',
      confirmPassword: 'Tampa-Bay-2026',
      satLeaderId: (await leaders())[0]!.id,
    });
    expect(signUp.status).toBe(201);

    const early = await client.signIn(email, 'Tampa-Bay-2026');
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe('EMAIL_NOT_CONFIRMED');

    const token = await confirmationToken(email);
    expect((await client.request('POST', '/api/auth/confirm-email', { token })).status).toBe(200);
    const again = await client.request('POST', '/api/auth/confirm-email', { token });
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe('CONFIRMATION_LINK_INVALID');

    const signIn = await client.signIn(email, 'Tampa-Bay-2026');
    expect(signIn.status).toBe(200);
    // The display name defaults to the part of the e-mail before the @.
    expect((await signIn.json()).user).toMatchObject({ email, displayName: email.slice(0, email.indexOf('@')) });
  });

  it('answers an e-mail that already has an account with USER_ALREADY_EXISTS', async () => {
    const { email } = await freshAgent('taken');
    const response = await new ApiClient(url()).request('POST', '/api/auth/sign-up', {
      email,
      password: 'Tampa-Bay-2026',
      confirmPassword: 'Tampa-Bay-2026',
      satLeaderId: (await leaders())[0]!.id,
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'USER_ALREADY_EXISTS', message: 'An account with this email already exists. Please sign in instead.' });
  });

  it('resends a confirmation link, answering alike for unknown addresses', async () => {
    const email = `resend-${randomUUID().slice(0, 8)}@agents.test`;
    const client = new ApiClient(url());
    await client.request('POST', '/api/auth/sign-up', {
      email,
      password: 'Tampa-Bay-2026',
      confirmPassword: 'Tampa-Bay-2026',
      satLeaderId: (await leaders())[1]!.id,
    });
    const first = await confirmationToken(email);
    const resent = await client.request('POST', '/api/auth/resend-confirmation', { email });
    const unknown = await client.request('POST', '/api/auth/resend-confirmation', { email: 'nobody-here@agents.test' });
    expect(resent.status).toBe(202);
    expect(await unknown.json()).toEqual(await resent.json());
    await expect.poll(async () => (await confirmationToken(email)) !== first).toBe(true);
  });

  it('keeps the outbox to admins', async () => {
    const agent = new ApiClient(url());
    await agent.signIn('agent@portal.test', inject('demoPassword'));
    const response = await agent.request('GET', '/api/admin/outbox');
    expect(response.status).toBe(403);
    expect((await new ApiClient(url()).request('GET', '/api/admin/outbox')).status).toBe(401);
  });
});

describe('failed jobs (API)', () => {
  it('lists failed jobs to admins only', async () => {
    const admin = new ApiClient(url());
    await admin.signIn('admin@portal.test', inject('demoPassword'));
    const listing = await admin.request('GET', '/api/admin/jobs/failed');
    expect(listing.status).toBe(200);
    expect(await listing.json()).toMatchObject({ driver: process.env.E2E_PORTAL === 'scaled' ? 'bullmq' : 'postgres', jobs: expect.any(Array) });
    expect((await admin.request('POST', '/api/admin/jobs/no-such-job/retry')).status).toBe(404);

    const agent = new ApiClient(url());
    await agent.signIn('agent@portal.test', inject('demoPassword'));
    expect((await agent.request('GET', '/api/admin/jobs/failed')).status).toBe(403);
  });
});
