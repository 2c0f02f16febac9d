import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startOwnPortal, type OwnPortal } from '../support/portal/own-portal.js';
import { json } from '../support/portal/support-desk.js';

type Mail = { to: string; subject: string; text: string };

describe('SLA warnings', () => {
  let own: OwnPortal;
  beforeAll(async () => {
    // Open around the clock, a two-minute first response, warned a minute before: the warning is due a minute after the request
    // opens (time to assign it first). A Med request's first response is due a minute after it opens: warned by the next sweep.
    own = await startOwnPortal({
      SLA_BUSINESS_HOURS: 'Mon-Sun 00:00-24:00',
      SLA_HOLIDAYS: 'none',
      SLA_FEDERAL_HOLIDAYS: 'false',
      SLA_TARGETS: 'High:2m/30m,Med:1m/24h,Low:8h/40h',
      SLA_WARN_BEFORE: '1m',
      SLA_WARNING_SWEEP_SECONDS: '1',
      SUPPORT_EMAIL: 'team@own-portal.test',
    });
  });
  afterAll(() => own?.close());

  it('mails the assignee once before a deadline, and the support team for a request no one has', async () => {
    const agent = await own.account();
    const admin = await own.account({ role: 'admin' });
    const submit = (priority = 'High') =>
      json<{ ticketId: string }>(
        agent.client.request(
          'POST',
          '/api/support/tickets',
          {
            systemProgram: 'General',
            priority,
            concern: 'My leads did not arrive, the receipt is attached.',
          },
          { 'idempotency-key': randomUUID() },
        ),
      );
    const mails = async (to: string) =>
      (await json<{ messages: Mail[] }>(admin.client.request('GET', `/api/admin/outbox?to=${encodeURIComponent(to)}`))).messages;
    const warnings = async (to: string) => (await mails(to)).filter((mail) => mail.subject.startsWith('Help request due soon'));
    const warned = async (ticketId: string) =>
      (await json<{ entries: { event: string }[] }>(admin.client.request('GET', `/api/admin/help-requests/${ticketId}/timeline`))).entries.filter(
        (entry) => entry.event === 'TicketSlaWarned',
      ).length;

    const { ticketId: assigned } = await submit();
    await submit();
    expect((await admin.client.request('PUT', `/api/admin/help-requests/${assigned}/assignee`, { assigneeId: admin.userId })).status).toBe(200);
    await expect.poll(() => warnings(admin.email), { interval: 1_000 }).toHaveLength(1);
    expect((await warnings(admin.email))[0]!.subject).toMatch(/^Help request due soon: first response by \d{4}-\d\d-\d\d \d\d:\d\d E[SD]T$/);

    await expect.poll(() => warnings('team@own-portal.test'), { interval: 1_000 }).not.toHaveLength(0);
    // The sweep runs every second: a deadline is warned of once, whoever runs it. A request opened now, due at once, is
    // warned by a sweep that began after the first warning was stored, and found it warned.
    const { ticketId: later } = await submit('Med');
    await expect.poll(() => warned(later)).toBe(1);
    expect(await warned(assigned)).toBe(1);
    expect(await warnings(admin.email)).toHaveLength(1);
  });
});
