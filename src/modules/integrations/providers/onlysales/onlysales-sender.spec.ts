import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { firstAttempt, loopbackHttp, sampleLead, targetOf } from '../../../../../test/support/sample-lead.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../../../test/support/webhook-receiver.js';
import { NOTHING_ALLOWED } from '../../../../platform/outbound/outbound-allow.js';
import { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import { newWebhookSecret } from '../../delivery/standard-webhooks.js';
import { OnlySalesLeadSender } from './onlysales-sender.js';

const API_KEY = 'only-sales-key-0123456789';

describe('OnlySales webhook sender against a receiver that checks Standard Webhooks signatures', () => {
  const secret = newWebhookSecret();
  let receiver: WebhookReceiver;
  const sender = new OnlySalesLeadSender(loopbackHttp(), 1_000);
  const target = () => targetOf('onlysales', { webhookUrl: receiver.url }, { apiKey: API_KEY, signingSecret: secret });
  beforeAll(async () => {
    receiver = await startWebhookReceiver({ secret, apiKey: API_KEY });
  });
  afterAll(async () => receiver?.close());
  beforeEach(() => {
    receiver.answer = 200;
    receiver.delayMs = 0;
    receiver.received.length = 0;
  });

  it('posts the lead as signed JSON with the delivery id as webhook-id and the API key as a bearer token', async () => {
    const outcome = await sender.send(sampleLead(), target(), firstAttempt('dlv_signed_1'));
    expect(outcome).toMatchObject({ ok: true, status: 200, error: null });
    const [got] = receiver.received;
    expect(got!.check).toEqual({ valid: true });
    expect(got!.id).toBe('dlv_signed_1');
    expect(got!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'lead.delivered', data: sampleLead() });
  });

  it('signs with the new and the previous secret after a rotation: a receiver still on the old one, or already on the new, accepts the lead', async () => {
    const rotated = newWebhookSecret();
    const during = targetOf('onlysales', { webhookUrl: receiver.url }, { apiKey: API_KEY, signingSecret: rotated, previousSigningSecret: secret });
    await sender.send(sampleLead(), during, firstAttempt('dlv_rotating_1'));
    receiver.secret = rotated;
    await sender.send(sampleLead(), during, firstAttempt('dlv_rotating_2'));
    // After the grace period the previous secret is no longer among the integration's secrets.
    await sender.send(
      sampleLead(),
      targetOf('onlysales', { webhookUrl: receiver.url }, { apiKey: API_KEY, signingSecret: rotated }),
      firstAttempt('dlv_rotated_3'),
    );
    receiver.secret = secret;
    await sender.send(
      sampleLead(),
      targetOf('onlysales', { webhookUrl: receiver.url }, { apiKey: API_KEY, signingSecret: rotated }),
      firstAttempt('dlv_rotated_4'),
    );
    expect(receiver.received.map((r) => [r.id, String(r.headers['webhook-signature']).split(' ').length, r.answeredStatus])).toEqual([
      ['dlv_rotating_1', 2, 200],
      ['dlv_rotating_2', 2, 200],
      ['dlv_rotated_3', 1, 200],
      ['dlv_rotated_4', 1, 401],
    ]);
  });

  it('marks a test-send as lead.test, and signs a retry with the same webhook-id', async () => {
    await sender.send(sampleLead(), target(), { deliveryId: 'dlv_test_1', attempt: 1, test: true });
    await sender.send(sampleLead(), target(), { deliveryId: 'dlv_test_1', attempt: 2, test: true });
    expect(receiver.received.map((r) => [r.id, JSON.parse(r.body).type, r.check.valid])).toEqual([
      ['dlv_test_1', 'lead.test', true],
      ['dlv_test_1', 'lead.test', true],
    ]);
    expect(receiver.accepted()).toEqual(['dlv_test_1']);
  });

  it('is refused by a receiver that holds another signing secret', async () => {
    const outcome = await sender.send(
      sampleLead(),
      targetOf('onlysales', { webhookUrl: receiver.url }, { apiKey: API_KEY, signingSecret: newWebhookSecret() }),
      firstAttempt(),
    );
    expect(outcome).toMatchObject({ ok: false, status: 401, retryable: true });
    expect(receiver.received[0]!.check).toEqual({ valid: false, reason: 'no signature matches' });
    expect(receiver.accepted()).toEqual([]);
  });

  it('reads a refused API key as “Invalid credentials”, tried again on the schedule (the agent may fix them meanwhile)', async () => {
    const outcome = await sender.send(
      sampleLead(),
      targetOf('onlysales', { webhookUrl: receiver.url }, { apiKey: 'wrong', signingSecret: secret }),
      firstAttempt(),
    );
    expect(outcome).toMatchObject({ ok: false, status: 401, error: 'Invalid credentials', retryable: true });
  });

  it('passes on the receiver’s message for a 4xx, and retries every non-2xx, timeouts and slow answers within the limit', async () => {
    receiver.answer = 422;
    receiver.message = 'Lead is missing a campaign';
    expect(await sender.send(sampleLead(), target(), firstAttempt())).toMatchObject({
      ok: false,
      status: 422,
      error: 'The webhook refused the lead: Lead is missing a campaign',
      retryable: true,
    });
    receiver.answer = 503;
    receiver.message = 'Maintenance';
    expect(await sender.send(sampleLead(), target(), firstAttempt())).toMatchObject({
      ok: false,
      status: 503,
      error: 'The webhook answered 503: Maintenance',
      retryable: true,
    });
    receiver.answer = 200;
    receiver.delayMs = 5_000;
    expect(await sender.send(sampleLead(), target(), firstAttempt())).toMatchObject({ ok: false, status: null, retryable: true });
    receiver.delayMs = 200;
    expect(await sender.send(sampleLead(), target(), firstAttempt())).toMatchObject({ ok: true, status: 200 });
  });

  it('is refused by the fence for a private address unless the operator allows it', async () => {
    const fenced = new OnlySalesLeadSender(new OutboundHttp({ allow: NOTHING_ALLOWED, timeoutMs: 1_000 }));
    const outcome = await fenced.send(sampleLead(), target(), firstAttempt());
    expect(outcome).toMatchObject({ ok: false, status: null, retryable: false });
    expect(outcome.error).toMatch(/^Refused: the address 127\.0\.0\.1/);
    expect(receiver.received).toHaveLength(0);
  });
});
