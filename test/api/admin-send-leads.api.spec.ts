// The testing page's send-leads-to-ringy and send-leads-to-vanillasoft: admin only,
// the spec's messages for missing and non-numeric lead ids, each lead sent by its number to the
// account given or through the admin's own connected integration (local stand-ins of Ringy and
// VanillaSoft), and an answer per lead.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startOwnPortal, type OwnPortal, type SeededAccount } from '../support/portal/own-portal.js';
import { startRingyStandIn, type RingyStandIn } from '../support/ringy-standin.js';
import { startVanillaSoftStandIn, type VanillaSoftStandIn } from '../support/vanillasoft-standin.js';
import { eventually } from '../support/waiting.js';

const RINGY_ACCOUNT = { sid: 'RS-admin-send-0001', authToken: 'ringy-admin-token-0001' };
const uniquePhone = () => `+1305${230 + Math.floor(Math.random() * 70)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

describe('admin send-leads endpoints', () => {
  let own: OwnPortal;
  let ringy: RingyStandIn;
  let vanilla: VanillaSoftStandIn;
  let admin: SeededAccount;
  let numbers: number[];

  beforeAll(async () => {
    ringy = await startRingyStandIn();
    ringy.accounts.set(RINGY_ACCOUNT.sid, RINGY_ACCOUNT.authToken);
    vanilla = await startVanillaSoftStandIn();
    vanilla.profiles.set('4242', ['FirstName', 'Phone']);
    own = await startOwnPortal({ RINGY_API_BASE: ringy.apiBase, OUTBOUND_ALLOW: '127.0.0.1' });
    admin = await own.account({ role: 'admin' });
    // Two leads from a vendor, as the intake API receives them.
    const { apiKey } = (await (await admin.client.request('POST', '/api/admin/lead-vendors', { name: 'Send Test Vendor' })).json()) as { apiKey: string };
    const leadIds: string[] = [];
    for (const firstName of ['Maria', 'Jo <b>&</b>']) {
      const answer = await fetch(`${own.portal.url}/api/intake/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
        body: JSON.stringify({
          firstName,
          lastName: 'Lopez',
          phone: uniquePhone(),
          email: `lead-${randomUUID().slice(0, 8)}@example.com`,
          state: 'FL',
          zip: '33101',
          age: 64,
          tier: 'premium',
          consent: { text: 'I agree to be contacted about health insurance.', at: new Date(Date.now() - 60_000).toISOString() },
        }),
      });
      leadIds.push(((await answer.json()) as { leadId: string }).leadId);
    }
    const { rows } = await own.pool.query<{ lead_number: string }>(
      'SELECT lead_number FROM intake_leads WHERE lead_id = ANY($1::uuid[]) ORDER BY lead_number',
      [leadIds],
    );
    numbers = rows.map((row) => Number(row.lead_number));
    // The leads' events reach the event store through the outbox: wait until the read side has them.
    await eventually(
      'the leads on the read side',
      async () => (await own.pool.query('SELECT 1 FROM rm_leads WHERE lead_id = ANY($1::uuid[])', [leadIds])).rowCount,
      (found) => found === 2,
    );
  });
  afterAll(async () => {
    await own?.close();
    await ringy?.close();
    await vanilla?.close();
  });

  const send = async (client: SeededAccount['client'], provider: 'ringy' | 'vanillasoft', body: unknown) => {
    const answer = await client.request('POST', `/api/admin/send-leads-to-${provider}`, body);
    return {
      status: answer.status,
      body: (await answer.json()) as { message?: string; results?: { leadId: number; status: string; error: string | null }[]; sent?: number; failed?: number },
    };
  };

  it('numbers leads in the order they come', () => {
    expect(numbers).toHaveLength(2);
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
  });

  it('is for admins only', async () => {
    const agent = await own.account();
    expect((await send(agent.client, 'ringy', { leadIds: numbers, ringyCredentials: RINGY_ACCOUNT })).status).toBe(403);
    expect((await send(agent.client, 'vanillasoft', { leadIds: numbers, vanillaSoftConfig: { postingUrl: vanilla.postingUrl('4242') } })).status).toBe(403);
    expect(ringy.leads).toHaveLength(0);
  });

  it('says the spec’s messages for missing and non-numeric lead ids', async () => {
    const messages = async (provider: 'ringy' | 'vanillasoft', leadIds: unknown) => {
      const config = provider === 'ringy' ? { ringyCredentials: RINGY_ACCOUNT } : { vanillaSoftConfig: { postingUrl: vanilla.postingUrl('4242') } };
      const { status, body } = await send(admin.client, provider, { ...(leadIds === undefined ? {} : { leadIds }), ...config });
      return [status, body.message];
    };
    expect(await messages('ringy', undefined)).toEqual([400, 'Please enter lead IDs to send to Ringy']);
    expect(await messages('ringy', '  ')).toEqual([400, 'Please enter lead IDs to send to Ringy']);
    expect(await messages('ringy', '12, abc')).toEqual([400, 'Please enter valid numeric lead IDs']);
    expect(await messages('ringy', [1.5])).toEqual([400, 'Please enter valid numeric lead IDs']);
    expect(await messages('vanillasoft', [])).toEqual([400, 'Please enter lead IDs to send to VanillaSoft']);
    expect(await messages('vanillasoft', ['-3'])).toEqual([400, 'Please enter valid numeric lead IDs']);
    expect((await send(admin.client, 'ringy', { leadIds: numbers, ringyCredentials: { sid: 'x' } })).body.message).toBe(
      'Please provide both SID and Auth Token',
    );
  });

  it('sends each lead to Ringy and answers per lead: sent, or why not', async () => {
    const { status, body } = await send(admin.client, 'ringy', {
      leadIds: `${numbers[0]}, ${numbers[1]}\n99999999`,
      ringyCredentials: RINGY_ACCOUNT,
      leadSource: 'Test Page',
      costPerLead: 12.5,
      notes: 'Spring batch',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      results: [
        { leadId: numbers[0], status: 'sent', error: null, providerStatus: 200 },
        { leadId: numbers[1], status: 'sent', error: null, providerStatus: 200 },
        { leadId: 99999999, status: 'failed', error: 'No lead has this ID', providerStatus: null },
      ],
      sent: 2,
      failed: 1,
    });
    const names = ringy.leads.map((lead) => lead.fields.first_name).sort();
    expect(names).toEqual(['Jo <b>&</b>', 'Maria']);
    expect(ringy.leads[0]!.fields).toMatchObject({ last_name: 'Lopez', state: 'FL', lead_source: 'Test Page', notes: 'Spring batch\nCost per lead: $12.50' });
  });

  it('fails every lead with “Invalid credentials” when Ringy refuses them', async () => {
    const { body } = await send(admin.client, 'ringy', { leadIds: numbers, ringyCredentials: { ...RINGY_ACCOUNT, authToken: 'wrong' } });
    expect(body.sent).toBe(0);
    expect(body.results!.map((r) => r.error)).toEqual([expect.stringMatching(/^Invalid credentials/), expect.stringMatching(/^Invalid credentials/)]);
  });

  it('sends each lead to a VanillaSoft profile with the field mappings given, and passes on VanillaSoft’s reason', async () => {
    const config = { postingUrl: vanilla.postingUrl('4242'), fieldMappings: { first_name: 'FirstName', phone: 'Phone', notes: 'Comments' } };
    const { status, body } = await send(admin.client, 'vanillasoft', { leadIds: numbers, vanillaSoftConfig: config, notes: 'From the test page' });
    expect(status).toBe(200);
    expect(body.results!.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(vanilla.leads.map((lead) => lead.xml).join('')).toContain('<FirstName>Jo &lt;b&gt;&amp;&lt;/b&gt;</FirstName>');
    expect(vanilla.leads[0]!.xml).toContain('<Comments>From the test page</Comments>');
    const unknown = await send(admin.client, 'vanillasoft', { leadIds: [numbers[0]], vanillaSoftConfig: { postingUrl: vanilla.postingUrl('777') } });
    expect(unknown.body.results).toEqual([
      { leadId: numbers[0], status: 'failed', error: 'VanillaSoft refused the lead: Invalid Incoming Web Lead ID: 777', providerStatus: 200 },
    ]);
    const badMappings = await send(admin.client, 'vanillasoft', { leadIds: numbers, vanillaSoftConfig: { ...config, fieldMappings: '{nope' } });
    expect([badMappings.status, badMappings.body.message]).toEqual([400, 'Invalid JSON format for field mappings']);
  });

  it('puts each send in the audit log: which admin sent which lead ids to which provider, and how it went, never the credentials', async () => {
    type Entry = { eventId: string; streamId: string; actor: { email: string | null }; summary: string };
    let entries: Entry[] = [];
    // The sends of the tests before: Ringy twice (one refused), VanillaSoft twice; requests refused as invalid are not sends.
    await expect
      .poll(async () => {
        const page = await admin.client.request('GET', `/api/admin/audit/events?type=LeadsSentToProvider&actor=${encodeURIComponent(admin.email)}`);
        entries = ((await page.json()) as { events: Entry[] }).events;
        return entries.length;
      })
      .toBe(4);
    const details = await Promise.all(entries.map(async (entry) => (await admin.client.request('GET', `/api/admin/audit/events/${entry.eventId}`)).text()));
    const data = details.map((text) => (JSON.parse(text) as { event: { data: Record<string, unknown> } }).event.data).reverse();
    expect(data[0]).toEqual({
      adminId: admin.userId,
      provider: 'ringy',
      leadIds: [numbers[0], numbers[1], 99999999],
      sent: 2,
      failed: 1,
      failedLeadIds: [99999999],
      leadSource: 'Test Page',
    });
    expect(data.map((d) => [d.provider, d.sent, d.failed])).toEqual([
      ['ringy', 2, 1],
      ['ringy', 0, 2],
      ['vanillasoft', 2, 0],
      ['vanillasoft', 0, 1],
    ]);
    expect(entries.every((entry) => entry.streamId === `leadsend-${admin.userId}` && entry.actor.email === admin.email)).toBe(true);
    expect(entries.at(-1)!.summary).toBe(`Leads sent to provider: provider ringy · sent 2 · failed 1 · admin ${admin.email}`);
    const everything = details.join('\n');
    for (const credential of [RINGY_ACCOUNT.sid, RINGY_ACCOUNT.authToken, 'wrong', vanilla.postingUrl('4242'), vanilla.postingUrl('777')])
      expect(everything).not.toContain(credential);
  });
  it('sends through the admin’s own connected Ringy and VanillaSoft integrations when the request brings no account (the testing page)', async () => {
    const sender = await own.account({ role: 'admin' });
    const notConnected = await send(sender.client, 'ringy', { leadIds: numbers });
    expect([notConnected.status, notConnected.body.message]).toEqual([
      409,
      'Connect your Ringy integration on the Integrations page first: the leads are sent through it.',
    ]);
    const noVanilla = await send(sender.client, 'vanillasoft', { leadIds: numbers });
    expect([noVanilla.status, noVanilla.body.message]).toEqual([
      409,
      'Connect your VanillaSoft integration on the Integrations page first: the leads are sent through it.',
    ]);

    expect((await sender.client.request('PUT', '/api/integrations/ringy', RINGY_ACCOUNT)).status).toBe(200);
    const before = ringy.leads.length;
    const viaRingy = await send(sender.client, 'ringy', { leadIds: [numbers[0]], leadSource: 'Own Ringy' });
    expect(viaRingy).toMatchObject({ status: 200, body: { sent: 1, failed: 0 } });
    expect(ringy.leads.slice(before).map((lead) => lead.fields.lead_source)).toEqual(['Own Ringy']);

    const connectVanilla = await sender.client.request('PUT', '/api/integrations/vanillasoft', {
      credentialName: 'Main',
      postingUrl: vanilla.postingUrl('4242'),
      fieldMappings: '{"first_name": "FirstName", "phone": "Phone", "notes": "Comments"}',
    });
    expect(connectVanilla.status).toBe(200);
    const posted = vanilla.leads.length;
    const viaVanilla = await send(sender.client, 'vanillasoft', { leadIds: numbers, notes: 'Own VanillaSoft' });
    expect(viaVanilla).toMatchObject({ status: 200, body: { sent: 2, failed: 0 } });
    expect(vanilla.leads.slice(posted).every((lead) => lead.xml.includes('<Comments>Own VanillaSoft</Comments>'))).toBe(true);

    // Disconnected, it sends nothing.
    expect((await sender.client.request('POST', '/api/integrations/ringy/disconnect')).status).toBeLessThan(300);
    expect((await send(sender.client, 'ringy', { leadIds: numbers })).status).toBe(409);
  });
});
