import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { inParallel, tally } from '../support/parallel.js';
import { eventReader } from '../support/portal/event-stream.js';
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

  it('refunds part of what an entry took from the request about it, linked in its timeline; 30 refunds at once give back no more than the entry took', async () => {
    const agent = await supportAgent('report-refund');
    const admin = await supportAdmin();
    const demoAdmin = await signedInClient('admin@portal.test');
    const post = (path: string, body: unknown, key = randomUUID()) => demoAdmin.request('POST', path, body, { 'idempotency-key': key });
    expect((await post(`/api/admin/wallets/${agent.userId}/test-credit`, { amountCents: 10_000 })).status).toBe(200);
    expect((await post(`/api/admin/wallets/${agent.userId}/adjustments`, { direction: 'debit', amountCents: 3_000, reason: 'Manual lead fee' })).status).toBe(
      200,
    );
    const wallet = async () => (await json<{ availableCents: number }>(agent.client.request('GET', '/api/wallet'))).availableCents;
    await expect.poll(async () => (await json<{ entries: unknown[] }>(agent.client.request('GET', '/api/wallet/ledger'))).entries.length).toBe(2);

    // Every admin's open dashboard or request hears of the new request and of each refund (none of them is its assignee).
    const stream = eventReader(await admin.client.request('GET', '/api/realtime/stream'));
    const heard = () => stream.events.filter((event) => event.event === 'change' && event.data.includes('"help-requests"')).length;
    const { ticketId } = await json<{ ticketId: string }>(submitTicket(agent.client, about('wallet-entry', '2')));
    await expect.poll(heard).toBeGreaterThanOrEqual(1);
    const heardBeforeRefunds = heard();
    expect(await referenceOf(admin.client, ticketId)).toMatchObject({ item: { refund: { refundableCents: 3_000, refundedCents: 0 } } });
    const refund = (amountCents: number, reason = 'Charged twice', key = randomUUID()) =>
      admin.client.request('POST', `/api/admin/help-requests/${ticketId}/refund`, { amountCents, reason }, { 'idempotency-key': key });

    // Once per key: the same key answers the first refund again; with another amount it is refused.
    const key = randomUUID();
    const first = await refund(1_000, 'Charged twice', key);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ entrySeq: 2, amountCents: 1_000 });
    expect((await refund(1_000, 'Charged twice', key)).status).toBe(201);
    expect((await refund(1_500, 'Charged twice', key)).status).toBe(409);
    await expect.poll(wallet).toBe(8_000);

    // $20.00 is left: 30 refunds of $1.00 at once give back exactly 20 of them.
    const answers = await inParallel(30, () => refund(100, 'Goodwill'));
    expect(tally(answers.map((answer) => answer.status))).toEqual({ 201: 20, 409: 10 });
    for (const refused of answers.filter((answer) => answer.status === 409))
      expect((await refused.json()) as { message: string }).toMatchObject({
        message: expect.stringMatching(/^(Only \$\d+\.\d{2} of this entry is left to refund\.|This entry has been refunded in full\.)$/),
      });
    await expect.poll(wallet).toBe(10_000);
    expect(await referenceOf(admin.client, ticketId)).toMatchObject({ item: { refund: { refundableCents: 3_000, refundedCents: 3_000 } } });
    const over = await refund(1);
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ message: 'This entry has been refunded in full.' });

    // The request's timeline shows each refund, with the admin who gave it; the agent's wallet names the request.
    const timeline = async () =>
      (
        await json<{ entries: { summary: string; actor?: { id: string } | null }[] }>(
          admin.client.request('GET', `/api/admin/help-requests/${ticketId}/timeline`),
        )
      ).entries;
    await expect.poll(async () => (await timeline()).filter((entry) => entry.summary.startsWith('Refund from this request')).length).toBe(21);
    await expect.poll(heard).toBeGreaterThan(heardBeforeRefunds);
    await stream.cancel();
    expect((await timeline()).map((entry) => entry.summary)).toContainEqual(
      "Refund from this request: $10.00 of entry #2 back to the agent's wallet: Charged twice",
    );
    const { entries } = await json<{ entries: { description: string }[] }>(agent.client.request('GET', '/api/wallet/ledger'));
    expect(entries.map((entry) => entry.description)).toContainEqual(expect.stringContaining('Refund of entry #2 (help request)'));

    // What took nothing (a credit) has nothing to refund; reasons are required; the route is the admins'.
    const { ticketId: aboutCredit } = await json<{ ticketId: string }>(submitTicket(agent.client, about('wallet-entry', '1')));
    const onCredit = await admin.client.request(
      'POST',
      `/api/admin/help-requests/${aboutCredit}/refund`,
      { amountCents: 100, reason: 'Goodwill' },
      { 'idempotency-key': randomUUID() },
    );
    expect(onCredit.status).toBe(409);
    expect(await onCredit.json()).toMatchObject({ message: 'This entry took no money from the wallet, so there is nothing to refund.' });
    expect((await refund(100, ' ')).status).toBe(400);
    expect(
      (
        await agent.client.request(
          'POST',
          `/api/admin/help-requests/${ticketId}/refund`,
          { amountCents: 100, reason: 'Mine' },
          { 'idempotency-key': randomUUID() },
        )
      ).status,
    ).toBe(403);
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
      .poll(async () => {
        leadId = (await json<{ leads: { leadId: string }[] }>(agent.client.request('GET', '/api/leads'))).leads[0]?.leadId ?? '';
        return leadId;
      })
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
    const noEntry = await admin.client.request(
      'POST',
      `/api/admin/help-requests/${ticketId}/refund`,
      { amountCents: 100, reason: 'Goodwill' },
      { 'idempotency-key': randomUUID() },
    );
    expect(noEntry.status).toBe(409);
    expect(await noEntry.json()).toMatchObject({ message: 'This help request is not about a wallet entry.' });
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
    expect(await unknownKind.json()).toMatchObject({ message: 'Choose a wallet entry, a lead, a delivery or an assistant conversation' });
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
