import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { DeliverySender } from '../../delivery/delivery-sender.js';
import { ResendDelivery } from './resend-delivery.command.js';

/**
 * Sends one delivery again now: an attempt asked for by the agent, whatever the delivery's
 * state (one still on its schedule is tried at once and keeps its schedule if this fails too;
 * a failed, held or delivered one gets this one attempt). Asked for while an attempt is in
 * flight, it is the attempt after that one, so no request is lost and no attempt made twice.
 * If it fails, a delivered lead stays delivered (the log shows the failed resend), and the
 * failure does not count towards turning the integration off.
 */
@CommandHandler(ResendDelivery)
export class ResendDeliveryHandler implements ICommandHandler<ResendDelivery, { deliveryId: string; attempt: number }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly sender: DeliverySender,
  ) {}

  async execute({ input: { deliveryId }, context }: ResendDelivery): Promise<{ deliveryId: string; attempt: number }> {
    const userId = context.actor.id;
    const { rows } = await this.pool.query<{ attempts: number; is_active: boolean }>(
      `SELECT d.attempts, c.is_active FROM lead_deliveries d JOIN integration_configs c ON c.integration_id = d.integration_id WHERE d.delivery_id = $1 AND d.user_id = $2 AND NOT d.is_test`,
      [deliveryId, userId],
    );
    if (!rows[0]) throw new DomainError('DELIVERY_NOT_FOUND', 'No such delivery.', 404);
    if (!rows[0].is_active) throw new DomainError('INTEGRATION_NOT_CONNECTED', 'Turn this integration back on before resending its leads.', 409);
    const attempt = rows[0].attempts + 1;
    await this.sender.enqueueAttempt(deliveryId, attempt, 'manual', 0);
    this.sender.publish(userId);
    return { deliveryId, attempt };
  }
}
