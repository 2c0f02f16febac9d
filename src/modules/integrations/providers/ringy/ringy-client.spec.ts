import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { RINGY_REJECTION, startRingyStandIn, type RingyStandIn } from '../../../../../test/support/ringy-standin.js';
import { firstAttempt, loopbackHttp, sampleLead, targetOf } from '../../../../../test/support/sample-lead.js';
import { RingyClient, RingyLeadSender } from './ringy-client.js';

const ACCOUNT = { sid: 'RS-standin-0001', authToken: 'ringy-token-0123456789' };

describe('Ringy client against its stand-in', () => {
  let ringy: RingyStandIn;
  let client: RingyClient;
  let sender: RingyLeadSender;
  const send = () => sender.send(sampleLead(), targetOf('ringy', { nickname: 'Main' }, ACCOUNT), firstAttempt());
  beforeAll(async () => {
    ringy = await startRingyStandIn();
    ringy.accounts.set(ACCOUNT.sid, ACCOUNT.authToken);
    client = new RingyClient(loopbackHttp(), ringy.apiBase, 1_000);
    sender = new RingyLeadSender(client);
  });
  afterAll(async () => ringy?.close());
  beforeEach(() => {
    ringy.mode = 'normal';
    ringy.requests.length = 0;
  });

  it('creates the lead with the credentials and Ringy’s fields, and keeps Ringy’s answer', async () => {
    const outcome = await send();
    expect(outcome).toMatchObject({ ok: true, status: 200, error: null, retryable: false });
    expect(outcome.preview).toContain(ringy.leads.at(-1)!.vendorResponseId);
    expect(ringy.requests[0]).toMatchObject({ method: 'POST', path: '/leads/new-lead' });
    expect(ringy.requests[0]!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(ringy.requests[0]!.body)).toEqual({
      sid: ACCOUNT.sid,
      authToken: ACCOUNT.authToken,
      first_name: 'Ana <b>"Lu"</b>',
      last_name: "O'Brien & Sons",
      phone_number: '3055550123',
      email: 'ana.obrien@example.com',
      city: 'Miami',
      state: 'FL',
      zip_code: '33101',
      birthday: '04/02/1980',
      lead_source: 'data_leads',
      vendor_reference_id: sampleLead().leadId,
    });
  });

  it('reads wrong credentials as “Invalid credentials”, tried again on the schedule (the agent may fix them meanwhile)', async () => {
    const outcome = await sender.send(sampleLead(), targetOf('ringy', {}, { ...ACCOUNT, authToken: 'wrong' }), firstAttempt());
    expect(outcome).toMatchObject({ ok: false, status: 401, error: 'Invalid credentials', retryable: true });
  });

  it('passes on Ringy’s message when it refuses a lead, without retrying', async () => {
    ringy.mode = 'reject';
    expect(await send()).toMatchObject({ ok: false, status: 400, error: `Ringy refused the lead: ${RINGY_REJECTION}`, retryable: true });
  });

  it('retries after a 5xx', async () => {
    ringy.mode = 'server-error';
    expect(await send()).toMatchObject({ ok: false, status: 500, error: 'Ringy answered 500: Internal Server Error', retryable: true });
  });

  it('gives up on an answer that does not come in time, and retries later', async () => {
    ringy.mode = 'hang';
    const outcome = await send();
    expect(outcome).toMatchObject({ ok: false, status: null, retryable: true });
    expect(outcome.error).toMatch(/^No complete answer from 127\.0\.0\.1:\d+ within 1 s$/);
  });

  it('waits for a slow answer within the time limit', async () => {
    ringy.mode = 'slow';
    ringy.slowMs = 300;
    expect(await send()).toMatchObject({ ok: true, status: 200 });
  });

  it('sends nothing for an integration saved without its token', async () => {
    expect(await sender.send(sampleLead(), targetOf('ringy', {}, { sid: ACCOUNT.sid }), firstAttempt())).toMatchObject({ ok: false, retryable: false });
    expect(ringy.requests).toHaveLength(0);
  });

  it('tests credentials without creating a lead: right, wrong, or Ringy unreachable', async () => {
    const before = ringy.leads.length;
    expect(await client.verify(ACCOUNT)).toEqual({ result: 'valid' });
    expect(await client.verify({ ...ACCOUNT, sid: 'RS-unknown' })).toEqual({ result: 'invalid' });
    ringy.mode = 'server-error';
    expect((await client.verify(ACCOUNT)).result).toBe('unreachable');
    ringy.mode = 'hang';
    expect((await client.verify(ACCOUNT)).result).toBe('unreachable');
    expect(ringy.leads.length).toBe(before);
  });
});
