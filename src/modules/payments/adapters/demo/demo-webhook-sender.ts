import type { JobQueue } from '../../../../platform/jobs/job-queue.port.js';
import { newDemoId } from './demo-pay-records.js';
import { demoWebhookSigner } from './demo-webhook-signing.js';

export const DEMO_WEBHOOK_JOB = 'demo-pay-send-webhook';

/** Where a signed webhook goes: the portal's own endpoint over HTTP (tests may hand it to the endpoint's code directly). */
export type DeliverWebhook = (payload: string, signature: string) => Promise<void>;

/**
 * The demo provider's webhooks: what it finishes it reports as Stripe-shaped events, signed
 * with Stripe's scheme and sent by a job to the portal's webhook endpoint, the same path
 * Stripe's webhooks take.
 */
export class DemoWebhookSender {
  constructor(
    private readonly jobs: JobQueue,
    private readonly publicUrl: string,
    private readonly secret: string,
  ) {}

  /** A Stripe-shaped event, sent by a job (retried until the endpoint takes it). */
  async send(type: string, object: Record<string, unknown>): Promise<void> {
    const id = newDemoId('evt');
    const event = { id, object: 'event', api_version: '2025-10-29', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object } };
    await this.jobs.enqueue(DEMO_WEBHOOK_JOB, { event }, { jobId: `demo-pay-webhook:${id}`, attempts: 10, backoffMs: 1_000 });
  }

  /** The job that sends one event, signed at sending time; a failed send throws, so the queue retries it. */
  registerJob(deliver: DeliverWebhook = this.overHttp()): void {
    this.jobs.register<{ event: Record<string, unknown> }>(DEMO_WEBHOOK_JOB, async ({ event }) => {
      const payload = JSON.stringify(event);
      await deliver(payload, (await demoWebhookSigner()).webhooks.generateTestHeaderString({ payload, secret: this.secret }));
    });
  }

  private overHttp(): DeliverWebhook {
    return async (payload, signature) => {
      const response = await fetch(`${this.publicUrl}/api/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`The webhook endpoint answered ${response.status}`);
    };
  }
}
