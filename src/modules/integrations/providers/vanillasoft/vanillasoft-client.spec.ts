import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { firstAttempt, loopbackHttp, sampleLead, targetOf } from '../../../../../test/support/sample-lead.js';
import { startVanillaSoftStandIn, VANILLASOFT_REJECTION, type VanillaSoftStandIn } from '../../../../../test/support/vanillasoft-standin.js';
import { VanillaSoftClient, VanillaSoftLeadSender } from './vanillasoft-client.js';
import { elementText } from './xml.js';

const MAPPINGS = { first_name: 'FirstName', last_name: 'LastName', phone: 'Phone', email: 'Email', notes: 'Comments' };

describe('VanillaSoft client against its stand-in', () => {
  let vanilla: VanillaSoftStandIn;
  const sender = new VanillaSoftLeadSender(new VanillaSoftClient(loopbackHttp(), 1_000));
  const target = (webLeadId = '12345') =>
    targetOf('vanillasoft', { credentialName: 'Main', fieldMappings: MAPPINGS }, { postingUrl: vanilla.postingUrl(webLeadId) });
  const send = (lead = sampleLead({ notes: 'Call after 5 pm <urgent> & polite' })) => sender.send(lead, target(), firstAttempt());
  beforeAll(async () => {
    vanilla = await startVanillaSoftStandIn();
    vanilla.profiles.set('12345', ['FirstName', 'Phone']);
  });
  afterAll(async () => vanilla?.close());
  beforeEach(() => {
    vanilla.mode = 'normal';
    vanilla.requests.length = 0;
  });

  it('posts the mapped fields as escaped XML with typ=XML and reads Success', async () => {
    expect(await send()).toMatchObject({ ok: true, status: 200, error: null, preview: '<ReturnValue>Success</ReturnValue>' });
    const [request] = vanilla.requests;
    expect(request!.path).toBe('/post.aspx?id=12345&typ=XML');
    expect(request!.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(request!.body).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Lead><FirstName>Ana &lt;b&gt;&quot;Lu&quot;&lt;/b&gt;</FirstName><LastName>O&apos;Brien &amp; Sons</LastName>' +
        '<Phone>+13055550123</Phone><Email>ana.obrien@example.com</Email><Comments>Call after 5 pm &lt;urgent&gt; &amp; polite</Comments></Lead>',
    );
    expect(elementText(request!.body, 'FirstName')).toBe(sampleLead().firstName);
  });

  it('reads FAILURE for a posting URL of no profile as a refusal with VanillaSoft’s reason, not worth retrying', async () => {
    const outcome = await sender.send(sampleLead(), target('99999'), firstAttempt());
    expect(outcome).toMatchObject({ ok: false, status: 200, error: 'VanillaSoft refused the lead: Invalid Incoming Web Lead ID: 99999', retryable: false });
  });

  it('passes on the reason of a refused lead', async () => {
    expect(await send(sampleLead({ firstName: '' }))).toMatchObject({
      ok: false,
      error: 'VanillaSoft refused the lead: Required field missing: FirstName',
      retryable: false,
    });
    vanilla.mode = 'reject';
    expect(await send()).toMatchObject({ ok: false, error: `VanillaSoft refused the lead: ${VANILLASOFT_REJECTION}`, retryable: false });
  });

  it('retries after a 5xx page, and after no answer in time; waits for a slow one', async () => {
    vanilla.mode = 'server-error';
    expect(await send()).toMatchObject({ ok: false, status: 500, error: 'VanillaSoft answered 500', retryable: true });
    vanilla.mode = 'hang';
    expect(await send()).toMatchObject({ ok: false, status: null, retryable: true });
    vanilla.mode = 'slow';
    vanilla.slowMs = 300;
    expect(await send()).toMatchObject({ ok: true });
  });

  it('falls back to the default mappings, and sends nothing without a posting URL', async () => {
    expect(await sender.send(sampleLead(), targetOf('vanillasoft', {}, { postingUrl: vanilla.postingUrl('12345') }), firstAttempt())).toMatchObject({
      ok: true,
    });
    expect(vanilla.requests.at(-1)!.body).toContain('<FirstName>');
    const before = vanilla.requests.length;
    expect(await sender.send(sampleLead(), targetOf('vanillasoft', {}, {}), firstAttempt())).toMatchObject({ ok: false, retryable: false });
    expect(vanilla.requests).toHaveLength(before);
  });
});
