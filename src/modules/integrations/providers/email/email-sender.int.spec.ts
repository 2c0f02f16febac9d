import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sampleLead, targetOf } from '../../../../../test/support/sample-lead.js';
import { testDatabases } from '../../../../../test/support/test-databases.js';
import { Mailer } from '../../../../platform/mail/mailer.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import { EmailLeadSender, leadMailId } from './email-sender.js';

describe('e-mail integrations through the portal’s mail', () => {
  let pool: SqlPool;
  let mailer: Mailer;
  beforeAll(() => {
    pool = createPool(testDatabases()[0]!.url, 2);
    mailer = new Mailer(pool, 'Agent Portal <no-reply@portal.test>', undefined);
  });
  afterAll(async () => {
    mailer?.close();
    await pool?.end();
  });

  it('mails the lead as text and as HTML with every value escaped, once per delivery however often it is retried', async () => {
    const to = `${randomUUID()}@agents.test`;
    const sender = new EmailLeadSender(mailer, 'America/New_York');
    const deliveryId = randomUUID();
    const lead = sampleLead({ notes: '<script>alert(1)</script>' });
    for (const attempt of [1, 2, 3])
      expect(await sender.send(lead, targetOf('email', { email: to }, {}), { deliveryId, attempt, test: false })).toMatchObject({ ok: true, error: null });
    const mails = await mailer.recent(10, to);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ id: leadMailId(deliveryId), subject: `New lead: Ana <b>"Lu"</b> O'Brien & Sons (FL)` });
    expect(mail!.text).toContain(`Name: Ana <b>"Lu"</b> O'Brien & Sons\nPhone: +13055550123\n`);
    expect(mail!.html).toContain('<td>Ana &lt;b&gt;&quot;Lu&quot;&lt;/b&gt; O&#39;Brien &amp; Sons</td>');
    expect(mail!.html).toContain('<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>');
    expect(mail!.html).not.toContain('<script>');
    // How and when the agent got it, in words, not codes and ISO times.
    expect(mail!.text).toMatch(/\nSource: [A-Z][a-z]+ Leads \([A-Z][A-Za-z ]+\)\n/);
    // In the organisation's time zone, named: New York's EST or EDT.
    expect(mail!.text).toMatch(/\nBought: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T\n/);
    expect(mail!.text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  it('marks a test-send, and answers a failure of the mail transport as worth retrying', async () => {
    const to = `${randomUUID()}@agents.test`;
    await new EmailLeadSender(mailer, 'America/New_York').send(sampleLead(), targetOf('email', { email: to }, {}), {
      deliveryId: randomUUID(),
      attempt: 1,
      test: true,
    });
    expect((await mailer.recent(1, to))[0]!.subject).toMatch(/^\[Test\] New lead: /);
    const broken = new EmailLeadSender({ send: () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25')) }, 'America/New_York');
    expect(await broken.send(sampleLead(), targetOf('email', { email: to }, {}), { deliveryId: randomUUID(), attempt: 1, test: false })).toMatchObject({
      ok: false,
      error: 'The e-mail could not be sent: connect ECONNREFUSED 127.0.0.1:25',
      retryable: true,
    });
  });

  it('writes the times in the zone of the integration’s agent when it is asked per agent', async () => {
    const to = `${randomUUID()}@agents.test`;
    const asked: string[] = [];
    const perAgent = new EmailLeadSender(mailer, (userId) => {
      asked.push(userId);
      return Promise.resolve('Pacific/Honolulu');
    });
    const target = targetOf('email', { email: to }, {});
    await perAgent.send(sampleLead(), target, { deliveryId: randomUUID(), attempt: 1, test: false });
    expect(asked).toEqual([target.userId]);
    expect((await mailer.recent(1, to))[0]!.text).toMatch(/\nBought: [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M HST\n/);
  });
});
