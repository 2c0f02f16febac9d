import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { fundedCampaign } from '../support/portal/funded-campaign.js';
import { portalUrl, signedInClient } from '../support/portal/portal.js';
import { CONCERN, json, submitTicket, supportAdmin, supportAgent } from '../support/portal/support-desk.js';
import { zipOf } from '../support/us-zips.js';

type Reference = { kind: string; id: string; label: string };
type Listed = { ticketId: string; reference: Reference | null };
type TimelineEntry = { summary: string };

const about = (kind: string, id: string) => ({ systemProgram: 'General', priority: 'Med', concern: CONCERN, reference: { kind, id } });
const referenceOf = (client: Awaited<ReturnType<typeof supportAdmin>>['client'], ticketId: string) =>
  json<{ kind: string | null; reference: Reference | null; item: Record<string, unknown> | null }>(
    client.request('GET', `/api/admin/help-requests/${ticketId}/reference`),
  );

describe('help requests about an item of the agent’s money side (Report a problem)', () => {
  it('opens a request from a wallet entry, and shows the admin that entry explained with its chain checked', async () => {
    const agent = await supportAgent('report-entry');
    const admin = await supportAdmin();
    const demoAdmin = await signedInClient('admin@portal.test');
    const credited = await demoAdmin.request(
      'POST',
      `/api/admin/wallets/${agent.userId}/test-credit`,
      { amountCents: 2_500 },
      { 'idempotency-key': randomUUID() },
    );
    expect(credited.status).toBe(200);
    await expect.poll(async () => (await json<{ entries: unknown[] }>(agent.client.request('GET', '/api/wallet/ledger'))).entries.length).toBe(1);

    const submitted = await submitTicket(agent.client, about('wallet-entry', '1'));
    expect(submitted.status).toBe(201);
    const { ticketId } = await json<{ ticketId: string }>(Promise.resolve(submitted));
    await expect
      .poll(async () => (await json<{ tickets: Listed[] }>(agent.client.request('GET', '/api/support/tickets'))).tickets.find((t) => t.ticketId === ticketId))
      .toMatchObject({ reference: { kind: 'wallet-entry', id: '1', label: expect.stringContaining('+$25.00') } });

    const shown = await referenceOf(admin.client, ticketId);
    expect(shown).toMatchObject({
      kind: 'wallet-entry',
      reference: { kind: 'wallet-entry', id: '1' },
      item: {
        entry: { seq: 1, amountCents: 2_500 },
        before: { availableCents: 0 },
        after: { availableCents: 2_500 },
        chain: { verified: true, throughSeq: 1, firstBreak: null },
      },
    });
    const { entries } = await json<{ entries: TimelineEntry[] }>(admin.client.request('GET', `/api/admin/help-requests/${ticketId}/timeline`));
    expect(entries[0]!.summary).toContain(`reported from ${shown.reference!.label}`);

    // The admin route is the admins' alone.
    expect((await agent.client.request('GET', `/api/admin/help-requests/${ticketId}/reference`)).status).toBe(403);
  });

  it('opens a request from a bought lead, shows the admin the sale, and links a return started from it both ways', async () => {
    const agent = await supportAgent('report-lead');
    const admin = await supportAdmin();
    const demoAdmin = await signedInClient('admin@portal.test');
    // New Hampshire: no other test's campaign buys there, so this campaign gets the lead.
    const campaign = await fundedCampaign(portalUrl(), demoAdmin, agent, {
      vendor: `Report Vendor ${randomUUID().slice(0, 6)}`,
      creditCents: 10_000,
      campaign: { name: 'Report NH', tier: 'exclusive', budgetCents: 5_000, targeting: { states: ['NH'] } },
    });
    const phone = `+1603555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
    const posted = await campaign.postLeads({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone,
      email: null,
      state: 'NH',
      zip: zipOf('NH'),
      dateOfBirth: '1955-12-10',
      tier: 'exclusive',
      consent: { text: 'I agree to be contacted by licensed agents about health coverage.', at: new Date().toISOString() },
    });
    expect(posted.status).toBe(201);
    let leadId = '';
    await expect
      .poll(
        async () => {
          leadId = (await json<{ leads: { leadId: string }[] }>(agent.client.request('GET', '/api/leads'))).leads[0]?.leadId ?? '';
          return leadId;
        },
        { timeout: 60_000 },
      )
      .not.toBe('');

    // The lead's charge, paid from the campaign's reserve, reads as the wallet row does: the reserve spent.
    const { entries } = await json<{ entries: { seq: number; type: string; amountCents: number; postedChangeCents: number }[] }>(
      agent.client.request('GET', '/api/wallet/ledger'),
    );
    const charge = entries.find((entry) => entry.type === 'HoldCaptured')!;
    expect(charge).toMatchObject({ amountCents: 0, postedChangeCents: expect.any(Number) });
    const { ticketId: aboutCharge } = await json<{ ticketId: string }>(submitTicket(agent.client, about('wallet-entry', String(charge.seq))));
    await expect
      .poll(() => referenceOf(admin.client, aboutCharge))
      .toMatchObject({ reference: { label: expect.stringContaining(`-$${(-charge.postedChangeCents / 100).toFixed(2)} from reserve`) } });
    // A number past any wallet's last entry is refused in words, not an error.
    const tooLarge = await submitTicket(agent.client, about('wallet-entry', '9999999999'));
    expect(tooLarge.status).toBe(404);

    const { ticketId } = await json<{ ticketId: string }>(submitTicket(agent.client, about('lead', leadId)));
    await expect
      .poll(() => referenceOf(admin.client, ticketId))
      .toMatchObject({
        kind: 'lead',
        reference: { id: leadId, label: expect.stringContaining('Lead Ada Lovelace (NH)') },
        item: { lead: { leadId, name: 'Ada Lovelace', state: 'NH', campaignName: 'Report NH', leadReturn: null }, deliveries: [] },
      });
    const { item } = await referenceOf(admin.client, ticketId);
    const priceCents = (item as { lead: { priceCents: number } }).lead.priceCents;
    const wallet = async () => (await json<{ availableCents: number }>(agent.client.request('GET', '/api/wallet'))).availableCents;
    const availableBefore = await wallet();

    // The admin starts the lead's return from the request: once per key, for the request's agent.
    const key = randomUUID();
    const start = () =>
      admin.client.request(
        'POST',
        `/api/admin/help-requests/${ticketId}/lead-return`,
        { reason: 'bad_phone', comment: 'Number disconnected' },
        { 'idempotency-key': key },
      );
    const started = await start();
    expect(started.status).toBe(201);
    const { returnId } = await json<{ returnId: string }>(Promise.resolve(started));
    expect(await json<{ returnId: string }>(start())).toMatchObject({ returnId, leadId, status: 'pending' });
    const timeline = async () =>
      (await json<{ entries: TimelineEntry[] }>(admin.client.request('GET', `/api/admin/help-requests/${ticketId}/timeline`))).entries.map((e) => e.summary);
    await expect.poll(timeline).toContainEqual(expect.stringContaining('Lead return started from this request'));
    expect((await timeline()).filter((summary) => summary.startsWith('Lead return started'))).toEqual([expect.stringContaining(': Bad phone numbers')]);
    await expect.poll(() => referenceOf(admin.client, ticketId)).toMatchObject({ item: { lead: { leadReturn: { returnId, status: 'pending' } } } });

    // Approved in the returns queue, which links back to the request; the price goes back to the agent, and the request says so.
    const { returns } = await json<{ returns: { returnId: string; ticketId: string | null }[] }>(
      admin.client.request('GET', '/api/admin/lead-returns?status=pending'),
    );
    expect(returns.find((r) => r.returnId === returnId)).toMatchObject({ ticketId });
    expect((await admin.client.request('POST', `/api/admin/lead-returns/${returnId}/approve`)).status).toBe(200);
    await expect.poll(wallet).toBe(availableBefore + priceCents);
    await expect.poll(timeline).toContainEqual(expect.stringContaining(`Lead return approved: $${(priceCents / 100).toFixed(2)} back to the agent's wallet`));

    // The queue's link opens the request on its own, as the dashboard lists it.
    expect(await json(admin.client.request('GET', `/api/admin/help-requests/${ticketId}`))).toMatchObject({
      ticketId,
      reference: { kind: 'lead', id: leadId },
    });
    const missing = await admin.client.request('GET', `/api/admin/help-requests/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ message: 'Help request not found' });

    // A request about something else has no lead to return.
    const credited = await demoAdmin.request(
      'POST',
      `/api/admin/wallets/${agent.userId}/test-credit`,
      { amountCents: 100 },
      { 'idempotency-key': randomUUID() },
    );
    expect(credited.status).toBe(200);
    const { ticketId: aboutEntry } = await json<{ ticketId: string }>(submitTicket(agent.client, about('wallet-entry', '1')));
    const refused = await admin.client.request(
      'POST',
      `/api/admin/help-requests/${aboutEntry}/lead-return`,
      { reason: 'bad_phone' },
      { 'idempotency-key': randomUUID() },
    );
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ message: 'This help request is not about a lead.' });
  });

  it('refuses an item that is not the agent’s, in words, keeps no request, and records a lead of someone else as unauthorized', async () => {
    const agent = await supportAgent('report-refused');
    const before = (await json<{ tickets: Listed[] }>(agent.client.request('GET', '/api/support/tickets'))).tickets.length;
    for (const body of [about('wallet-entry', '999'), about('wallet-entry', 'first'), about('lead', randomUUID()), about('delivery', randomUUID())]) {
      const answer = await submitTicket(agent.client, body);
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ message: 'That item is not in your account.' });
    }
    const unknownKind = await submitTicket(agent.client, about('campaign', randomUUID()));
    expect(unknownKind.status).toBe(400);
    expect(await unknownKind.json()).toMatchObject({ message: 'Choose a wallet entry, a lead or a delivery' });
    expect((await json<{ tickets: Listed[] }>(agent.client.request('GET', '/api/support/tickets'))).tickets).toHaveLength(before);

    const demoAdmin = await signedInClient('admin@portal.test');
    await expect
      .poll(async () => {
        const { events } = await json<{ events: { details: { resource?: string } }[] }>(
          demoAdmin.request('GET', `/api/admin/security/events?type=unauthorized_access&userId=${agent.userId}&limit=50`),
        );
        return events.map((event) => event.details.resource).sort();
      })
      .toEqual(['delivery', 'lead']);
  });
});
