import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { ApiError } from '../../../../platform/http/api-error.js';
import type { JobQueue } from '../../../../platform/jobs/job-queue.port.js';
import { JOB_QUEUE, SQL_POOL } from '../../../../platform/tokens.js';
import { CARD_PAYMENTS, type CardPayments } from '../../contracts/card-payments.port.js';
import { PROCESS_PAYMENT_WEBHOOK } from '../../jobs/card-payment-jobs.job.js';
import { ReceivePaymentWebhook } from './receive-payment-webhook.command.js';

/**
 * A delivery as received: verified (a bad signature is refused and stores nothing), stored
 * first, one row per provider event id, and answered; the job started from the stored row
 * does the rest (ProcessPaymentWebhook).
 */
@CommandHandler(ReceivePaymentWebhook)
export class ReceivePaymentWebhookHandler implements ICommandHandler<ReceivePaymentWebhook> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CARD_PAYMENTS) private readonly payments: CardPayments,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  async execute({ input: delivery }: ReceivePaymentWebhook): Promise<{ eventId: string; duplicate: boolean }> {
    let verified;
    try {
      verified = await this.payments.verifyWebhook(delivery);
    } catch {
      throw new ApiError(400, 'WEBHOOK_SIGNATURE_INVALID', 'The webhook signature could not be verified.');
    }
    const stored = await this.pool.query(
      `INSERT INTO payment_webhook_events (event_id, provider, type, object_id, event_created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (event_id) DO NOTHING`,
      [verified.eventId, this.payments.provider, verified.type, verified.objectId, verified.createdAt],
    );
    const { rows } = await this.pool.query<{ processed_at: Date | null }>(`SELECT processed_at FROM payment_webhook_events WHERE event_id = $1`, [
      verified.eventId,
    ]);
    // Until the row is processed a repeat enqueues again (the job id absorbs it): a lost enqueue is repaired by the provider's retry.
    if (rows[0] && rows[0].processed_at === null) {
      await this.jobs.enqueue(
        PROCESS_PAYMENT_WEBHOOK,
        { eventId: verified.eventId },
        { jobId: `payment-webhook:${verified.eventId}`, attempts: 8, backoffMs: 2_000 },
      );
    }
    return { eventId: verified.eventId, duplicate: stored.rowCount === 0 };
  }
}
