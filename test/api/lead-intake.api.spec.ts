import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import type { ApiClient } from '../support/portal/api-client.js';
import { freshAdmin, freshAgent, signedInClient } from '../support/portal/portal.js';

let admin: ApiClient;
beforeAll(async () => {
  const account = await freshAdmin();
  admin = await signedInClient(account.email, account.password);
});

/** A valid US number no other test uses: a real area code, an exchange from 230 to 299 (never an N11 code), any line. */
const uniquePhone = () =>
  `+1${['212', '305', '415', '512', '617', '702', '808', '907'][Math.floor(Math.random() * 8)]}${230 + Math.floor(Math.random() * 70)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const lead = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Lopez',
  phone: uniquePhone(),
  email: `maria-${randomUUID().slice(0, 8)}@example.com`,
  state: 'FL',
  zip: '33101',
  age: 64,
  tier: 'premium',
  consent: { text: 'I agree to be contacted about health insurance by phone and e-mail.', at: new Date(Date.now() - 60_000).toISOString() },
  ...overrides,
});

async function vendor(name = 'Acme Leads'): Promise<{ vendorId: string; apiKey: string }> {
  const created = await admin.request('POST', '/api/admin/lead-vendors', { name });
  expect(created.status).toBe(201);
  return (await created.json()) as { vendorId: string; apiKey: string };
}

const post = (apiKey: string | null, body: unknown, header: 'authorization' | 'x-api-key' = 'authorization') =>
  fetch(`${inject('portalUrl')}/api/intake/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(apiKey ? { [header]: header === 'authorization' ? `Bearer ${apiKey}` : apiKey } : {}) },
    body: JSON.stringify(body),
  });

describe('lead intake by vendors with API keys', () => {
  it('gives an admin a key once, lists only its first characters, and refuses agents', async () => {
    const { vendorId, apiKey } = await vendor('Shown Once');
    expect(apiKey).toMatch(/^lv_[A-Za-z0-9_-]{32}$/);
    const { vendors } = (await (await admin.request('GET', '/api/admin/lead-vendors')).json()) as { vendors: Record<string, unknown>[] };
    const listed = vendors.find((v) => v.vendorId === vendorId)!;
    expect(listed).toMatchObject({ name: 'Shown Once', keyPrefix: apiKey.slice(0, 11), revokedAt: null, leads: 0 });
    expect(JSON.stringify(vendors)).not.toContain(apiKey);
    const agent = await freshAgent('vendor-peek').then((account) => signedInClient(account.email, account.password));
    expect((await agent.request('GET', '/api/admin/lead-vendors')).status).toBe(403);
    expect((await agent.request('POST', '/api/admin/lead-vendors', { name: 'Mine' })).status).toBe(403);
    expect((await admin.request('POST', '/api/admin/lead-vendors', { name: ' ' })).status).toBe(400);
  });

  it('accepts a lead once per vendor id, stores a same-contact lead as a duplicate, and names every bad field', async () => {
    const { apiKey } = await vendor();
    const first = lead({ externalId: 'acme-1' });
    const accepted = await post(apiKey, first);
    expect(accepted.status).toBe(201);
    const { leadId, status } = (await accepted.json()) as { leadId: string; status: string };
    expect(status).toBe('accepted');
    // The vendor retries: the same lead, answered again.
    const retried = await post(apiKey, first, 'x-api-key');
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ leadId, status: 'accepted', duplicateOf: null });
    // Another lead with the same phone (written another way) is a duplicate of the first.
    const national = `(${first.phone.slice(2, 5)}) ${first.phone.slice(5, 8)}-${first.phone.slice(8)}`;
    const duplicate = await post(apiKey, lead({ phone: national, externalId: 'acme-2' }));
    expect(duplicate.status).toBe(200);
    expect(await duplicate.json()).toMatchObject({ status: 'duplicate', duplicateOf: leadId });
    // So is one with the same e-mail, in other letters.
    expect(await (await post(apiKey, lead({ email: first.email.toUpperCase() }))).json()).toMatchObject({ status: 'duplicate', duplicateOf: leadId });

    const bad = await post(apiKey, { ...lead(), phone: '123', state: 'ZZ', consent: undefined });
    expect(bad.status).toBe(400);
    const { fieldErrors } = (await bad.json()) as { fieldErrors: { field: string; message: string }[] };
    expect(fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'phone', message: 'Phone must be a valid US phone number' },
        { field: 'state', message: 'State must be a two-letter US state code' },
        { field: 'consent', message: 'Consent (text and time) is required' },
      ]),
    );
    for (const junk of ['not json at all', [], { leads: [] }, { leads: Array.from({ length: 101 }, () => lead()) }, null]) {
      const answer =
        typeof junk === 'string'
          ? await fetch(`${inject('portalUrl')}/api/intake/leads`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
              body: junk,
            })
          : await post(apiKey, junk);
      expect([JSON.stringify(junk).slice(0, 30), answer.status]).toEqual([JSON.stringify(junk).slice(0, 30), 400]);
    }
  });

  it('takes US adults only: a foreign phone, a ZIP of another state or a minor is a field error', async () => {
    const { apiKey } = await vendor();
    const foreign = await post(apiKey, lead({ phone: '+44 20 7946 0958', state: 'TX', zip: '75201' }));
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ field: 'phone', message: 'Phone must be a valid US phone number' }],
    });
    const answer = await post(apiKey, {
      leads: [lead({ state: 'TX' }), lead({ phone: '+1 888 555 0100' }), lead({ age: 17 }), lead({ state: 'TX', zip: '75201' })],
    });
    const body = (await answer.json()) as { accepted: number; rejected: number; results: { index: number; status: string; fieldErrors?: unknown[] }[] };
    expect(body).toMatchObject({ accepted: 1, rejected: 3 });
    expect(body.results.map((result) => result.fieldErrors ?? result.status)).toEqual([
      [{ field: 'zip', message: 'ZIP code 33101 is not in TX' }],
      [{ field: 'phone', message: 'Phone must be a mobile or landline number, not a toll-free number' }],
      [{ field: 'age', message: 'The lead must be an adult (18 or older)' }],
      'accepted',
    ]);
  });

  it('answers a batch lead by lead', async () => {
    const { apiKey } = await vendor();
    const shared = lead();
    const answer = await post(apiKey, { leads: [shared, lead({ zip: 'nope' }), lead({ phone: shared.phone, email: null }), lead()] });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      accepted: number;
      duplicates: number;
      rejected: number;
      results: { index: number; status: string; fieldErrors?: unknown[] }[];
    };
    expect(body).toMatchObject({ accepted: 2, duplicates: 1, rejected: 1 });
    expect(body.results.map((r) => [r.index, r.status])).toEqual([
      [0, 'accepted'],
      [1, 'rejected'],
      [2, 'duplicate'],
      [3, 'accepted'],
    ]);
    expect(body.results[1]!.fieldErrors).toEqual([{ field: 'zip', message: 'ZIP must be 5 digits (or ZIP+4)' }]);
  });

  it('takes aged leads only from a vendor an admin set to send them, when creating or changing it', async () => {
    const message = 'This vendor may not send aged leads; an admin imports them';
    const aged = () => lead({ source: 'aged_leads', tier: 'basic' });
    const { vendorId, apiKey } = await vendor('Fresh Leads Only');
    const single = await post(apiKey, aged());
    expect([single.status, await single.json()]).toEqual([
      400,
      expect.objectContaining({ code: 'VALIDATION_FAILED', fieldErrors: [{ field: 'source', message }] }),
    ]);
    const batch = (await (await post(apiKey, { leads: [aged(), lead()] })).json()) as { results: { index: number; status: string }[] };
    expect(batch).toMatchObject({ accepted: 1, rejected: 1 });
    expect(batch.results).toEqual([
      { index: 0, status: 'rejected', fieldErrors: [{ field: 'source', message }] },
      expect.objectContaining({ index: 1, status: 'accepted' }),
    ]);
    const listed = async (id: string) =>
      (
        (await (await admin.request('GET', '/api/admin/lead-vendors')).json()) as { vendors: { vendorId: string; sendsAgedLeads: boolean; leads: number }[] }
      ).vendors.find((v) => v.vendorId === id);
    expect(await listed(vendorId)).toMatchObject({ sendsAgedLeads: false, leads: 1 });

    const change = (body: unknown, client = admin) => client.request('PATCH', `/api/admin/lead-vendors/${vendorId}`, body);
    const allowed = await change({ sendsAgedLeads: true });
    expect([allowed.status, await allowed.json()]).toEqual([200, { vendorId, sendsAgedLeads: true }]);
    expect(await listed(vendorId)).toMatchObject({ sendsAgedLeads: true });
    expect((await post(apiKey, aged())).status).toBe(201);
    expect((await change({ sendsAgedLeads: false })).status).toBe(200);
    expect((await post(apiKey, aged())).status).toBe(400);

    const created = await admin.request('POST', '/api/admin/lead-vendors', { name: 'Aged Leads Inc', sendsAgedLeads: true });
    const agedVendor = (await created.json()) as { vendorId: string; apiKey: string; sendsAgedLeads: boolean };
    expect([created.status, agedVendor.sendsAgedLeads]).toEqual([201, true]);
    expect((await post(agedVendor.apiKey, aged())).status).toBe(201);

    const notABoolean = await change({ sendsAgedLeads: 'yes' });
    expect([notABoolean.status, ((await notABoolean.json()) as { fieldErrors: unknown }).fieldErrors]).toEqual([
      400,
      [{ field: 'sendsAgedLeads', message: 'sendsAgedLeads must be true or false' }],
    ]);
    expect((await admin.request('PATCH', `/api/admin/lead-vendors/${randomUUID()}`, { sendsAgedLeads: true })).status).toBe(404);
    const agent = await freshAgent('vendor-aged').then((account) => signedInClient(account.email, account.password));
    expect((await change({ sendsAgedLeads: true }, agent)).status).toBe(403);
  });

  it('sells one of 30 identical leads posted at once: the rest are duplicates', async () => {
    const { apiKey } = await vendor();
    const same = lead();
    const answers = await inParallel(
      30,
      async (i) => ((await (await post(apiKey, { ...same, externalId: `burst-${i}` })).json()) as { status: string }).status,
    );
    expect(tally(answers)).toEqual({ accepted: 1, duplicate: 29 });
  });

  it('refuses a missing, wrong or revoked key with 401 and stores nothing', async () => {
    const { vendorId, apiKey } = await vendor();
    expect((await post(null, lead())).status).toBe(401);
    expect((await post(`lv_${'x'.repeat(32)}`, lead())).status).toBe(401);
    expect((await post('not-a-key', lead())).status).toBe(401);
    expect((await admin.request('POST', `/api/admin/lead-vendors/${vendorId}/revoke`)).status).toBe(200);
    expect((await admin.request('POST', `/api/admin/lead-vendors/${vendorId}/revoke`)).status).toBe(200);
    const revoked = await post(apiKey, lead());
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ code: 'API_KEY_INVALID' });
    const { vendors } = (await (await admin.request('GET', '/api/admin/lead-vendors')).json()) as {
      vendors: { vendorId: string; leads: number; revokedAt: string | null }[];
    };
    expect(vendors.find((v) => v.vendorId === vendorId)).toMatchObject({ leads: 0, revokedAt: expect.any(String) });
    expect((await admin.request('POST', `/api/admin/lead-vendors/${randomUUID()}/revoke`)).status).toBe(404);
  });
});
