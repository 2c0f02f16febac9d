import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { firstAttempt, loopbackHttp, sampleLead, targetOf } from '../../../../../test/support/sample-lead.js';
import { startTextdripApiStandIn, TEXTDRIP_EXISTS, TEXTDRIP_REJECTION, type TextdripApiStandIn } from '../../../../../test/support/textdrip-api-standin.js';
import { TextdripClient, TextdripLeadSender } from './textdrip-client.js';

const TOKEN = 'textdrip-token-0123456789';

describe('Textdrip client against its stand-in', () => {
  let textdrip: TextdripApiStandIn;
  let sender: TextdripLeadSender;
  let phones = 0;
  // Each send a new phone: the stand-in, like Textdrip, refuses a phone the account has already.
  const send = (token = TOKEN) =>
    sender.send(
      sampleLead({ phone: `+1305555${String(phones++).padStart(4, '0')}` }),
      targetOf('textdrip', { campaignId: 'camp-7' }, { apiToken: token }),
      firstAttempt(),
    );
  beforeAll(async () => {
    textdrip = await startTextdripApiStandIn();
    textdrip.tokens.add(TOKEN);
    sender = new TextdripLeadSender(new TextdripClient(loopbackHttp(), textdrip.apiBase, 1_000));
  });
  afterAll(async () => textdrip?.close());
  beforeEach(() => {
    textdrip.mode = 'normal';
    textdrip.requests.length = 0;
  });

  it('creates the lead as a contact with the token as a bearer, starting the chosen drip campaign', async () => {
    expect(await send()).toMatchObject({ ok: true, status: 200, error: null });
    const [request] = textdrip.requests;
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(JSON.parse(request!.body)).toEqual({
      name: `Ana <b>"Lu"</b> O'Brien & Sons`,
      phone: '+13055550000',
      email: 'ana.obrien@example.com',
      birthdate: '04/02/1980',
      address: 'Miami, FL 33101',
      campaign: ['camp-7'],
    });
  });

  it('reads an unknown token as “Invalid credentials”, tried again on the schedule (the agent may fix them meanwhile)', async () => {
    expect(await send('revoked-token')).toMatchObject({ ok: false, status: 401, error: 'Invalid credentials', retryable: true });
  });

  it('passes on Textdrip’s message for a refused contact', async () => {
    textdrip.mode = 'reject';
    expect(await send()).toMatchObject({ ok: false, status: 422, error: `Textdrip refused the lead: ${TEXTDRIP_REJECTION}`, retryable: true });
  });

  it('reads a 200 with status false as a refusal with Textdrip’s message', async () => {
    const lead = sampleLead({ phone: '+13055559999' });
    const target = targetOf('textdrip', {}, { apiToken: TOKEN });
    expect(await sender.send(lead, target, firstAttempt())).toMatchObject({ ok: true });
    expect(await sender.send(lead, target, firstAttempt())).toMatchObject({
      ok: false,
      status: 200,
      error: `Textdrip refused the contact: ${TEXTDRIP_EXISTS}`,
      retryable: false,
    });
  });

  it('retries after a 5xx and after no answer in time; waits for a slow answer', async () => {
    textdrip.mode = 'server-error';
    expect(await send()).toMatchObject({ ok: false, status: 500, error: 'Textdrip answered 500: Server Error', retryable: true });
    textdrip.mode = 'hang';
    expect(await send()).toMatchObject({ ok: false, status: null, retryable: true });
    textdrip.mode = 'slow';
    textdrip.slowMs = 300;
    expect(await send()).toMatchObject({ ok: true });
  });

  it('sends nothing without a token', async () => {
    expect(await sender.send(sampleLead(), targetOf('textdrip', {}, {}), firstAttempt())).toMatchObject({ ok: false, retryable: false });
    expect(textdrip.requests).toHaveLength(0);
  });
});
