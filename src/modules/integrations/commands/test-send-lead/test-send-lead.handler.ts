import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { SecretCipher } from '../../../../platform/secrets/secret-cipher.js';
import { SECRET_CIPHER, SQL_POOL } from '../../../../platform/tokens.js';
import { ownIntegration, receivesLeads } from '../../delivery/agent-integrations.js';
import { sampleLead, type Purchase } from '../../delivery/deliverable-lead.js';
import { DeliverySender, type AttemptResult } from '../../delivery/delivery-sender.js';
import { integrationTarget } from '../../delivery/integration-target.js';
import { TestSendLead } from './test-send-lead.command.js';

/** A sample lead sent now to one of the agent's integrations, the answer returned and logged (it never turns the integration off). */
@CommandHandler(TestSendLead)
export class TestSendLeadHandler implements ICommandHandler<TestSendLead, AttemptResult & { sentAt: string }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    private readonly sender: DeliverySender,
  ) {}

  async execute({ input: { integrationId }, context }: TestSendLead): Promise<AttemptResult & { sentAt: string }> {
    const userId = context.actor.id;
    const integration = await ownIntegration(this.pool, userId, integrationId);
    if (!integration.is_active) throw new DomainError('INTEGRATION_NOT_CONNECTED', 'Connect this integration before sending a test lead.', 409);
    if (!receivesLeads(integration)) throw new DomainError('INTEGRATION_RECEIVES_NO_LEADS', 'This integration opens a link; it does not receive leads.', 409);
    const deliveryId = randomUUID();
    const started = new Date();
    const purchase: Purchase = { source: 'data_leads', campaignId: null, campaignName: 'Test send', priceCents: 0, boughtAt: started.toISOString() };
    await this.pool.query(
      `INSERT INTO lead_deliveries (delivery_id, integration_id, user_id, lead_id, is_test, purchase, status, attempts, final_attempt) VALUES ($1, $2, $3, NULL, true, $4, 'pending', 1, true)`,
      [deliveryId, integrationId, userId, JSON.stringify(purchase)],
    );
    const outcome = await this.sender.send(sampleLead(deliveryId, started), await integrationTarget(this.pool, this.cipher, integration), {
      deliveryId,
      attempt: 1,
      test: true,
    });
    await this.sender.logAttempts([
      { deliveryId, attempt: 1, trigger: 'test', started, outcome, status: outcome.ok ? 'succeeded' : 'failed', nextAttemptAt: null },
    ]);
    this.sender.publish(userId);
    return { deliveryId, attempt: 1, outcome, sentAt: started.toISOString() };
  }
}
