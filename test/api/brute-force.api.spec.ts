import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { ApiClient } from '../support/portal/api-client.js';
import { createConfirmedAccount } from '../support/portal/mailbox.js';
import { freshAgent, portalUrl } from '../support/portal/portal.js';

describe('password guessing', () => {
  it('closes an account to attempts after 10 wrong passwords, even for the right one, and says how long to wait', async () => {
    const email = `guess-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Right-Password-55');
    const attacker = new ApiClient(portalUrl());
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attacker.signIn(email, `guess-${i}-password`)).status);
    expect(statuses).toEqual(Array(10).fill(400));

    const blocked = await attacker.signIn(email, 'Right-Password-55');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await blocked.json()).message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);

    // Other accounts are not affected.
    const other = await freshAgent('bystander');
    expect((await new ApiClient(portalUrl()).signIn(other.email, 'wrong-one')).status).toBe(400);
    expect((await new ApiClient(portalUrl()).signIn(other.email, other.password)).status).toBe(200);
  });

  it('checks only 10 of 40 wrong passwords sent at once, and then refuses the right one too', async () => {
    const email = `burst-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Right-Password-55');
    const attacker = new ApiClient(portalUrl());
    const statuses = await inParallel(40, (i) => attacker.signIn(email, `guess-${i}-password`).then((response) => response.status));
    expect(tally(statuses)).toEqual({ 400: 10, 429: 30 });
    expect((await attacker.signIn(email, 'Right-Password-55')).status).toBe(429);
  });

  it('holds the lockout when the right password is inside a burst of 40 guesses', async () => {
    const email = `mixed-${randomUUID().slice(0, 8)}@agents.test`;
    await createConfirmedAccount(email, 'Right-Password-55');
    const attacker = new ApiClient(portalUrl());
    const statuses = await inParallel(40, (i) =>
      attacker.signIn(email, i === 20 ? 'Right-Password-55' : `guess-${i}-password`).then((response) => response.status),
    );
    const { 200: signedIn = 0, 400: wrong = 0, 429: refused = 0 } = tally(statuses);
    // The right password signs in only if it was among the first 10 counted; never more than 10 wrong ones are checked.
    expect(signedIn + wrong + refused).toBe(40);
    expect(wrong).toBeLessThanOrEqual(10);
    expect(refused).toBeGreaterThanOrEqual(29);
    expect((await new ApiClient(portalUrl()).signIn(email, 'Right-Password-55')).status).toBe(429);
  });

  it('limits how many reset mails one address can be sent', async () => {
    const client = new ApiClient(portalUrl());
    const email = `flood-${randomUUID().slice(0, 8)}@agents.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.request('POST', '/api/auth/forgot-password', { email })).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });
});

describe('mass sign-up', () => {
  it('limits sign-ups from one address to 20 an hour, counting refused ones too', async () => {
    const client = new ApiClient(portalUrl());
    const from = { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250) + 1}` };
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await client.request('POST', '/api/auth/sign-up', {}, from)).status);
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    const refused = await client.request('POST', '/api/auth/sign-up', {}, from);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await client.request('POST', '/api/auth/sign-up', {}, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(400);
  });
});
