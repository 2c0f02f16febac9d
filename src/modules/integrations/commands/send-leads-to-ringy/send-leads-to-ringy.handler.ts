import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import type { SecretCipher } from '../../../../platform/secrets/secret-cipher.js';
import { CONFIG, EVENT_STORE, OUTBOUND_HTTP, SECRET_CIPHER, SQL_POOL } from '../../../../platform/tokens.js';
import { DeliverySender } from '../../delivery/delivery-sender.js';
import { recordLeadsSent, sendLeadsByNumber, type DeliverableLead, type SendLeadsAnswer, type SendOutcome } from '../../delivery/lead-sender.js';
import { ownIntegrationSend } from '../../delivery/own-integration-send.js';
import type { IntegrationsConfig } from '../../integrations.config.js';
import { RingyClient, ringyFieldsOf } from '../../providers/ringy/ringy-client.js';
import { SendLeadsToRingy } from './send-leads-to-ringy.command.js';

/** Sends each lead a few at a time (through the admin's own Ringy integration, or the account the request brought), then records the send (the admin, the lead ids) for the audit log: `leadsend-<adminId>`. */
@CommandHandler(SendLeadsToRingy)
export class SendLeadsToRingyHandler implements ICommandHandler<SendLeadsToRingy, SendLeadsAnswer> {
  private readonly ringy: RingyClient;

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(OUTBOUND_HTTP) http: OutboundHttp,
    @Inject(CONFIG) config: IntegrationsConfig,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    private readonly sender: DeliverySender,
  ) {
    this.ringy = new RingyClient(http, config.providers.ringyApiBase, config.outbound.timeoutMs);
  }

  async execute({ input, context }: SendLeadsToRingy): Promise<SendLeadsAnswer> {
    const { credentials } = input;
    const through: { integrationId?: string; send: (lead: DeliverableLead) => Promise<SendOutcome> } = credentials
      ? { send: (lead) => this.ringy.createLead(credentials, ringyFieldsOf(lead)) }
      : await ownIntegrationSend(this.pool, this.cipher, this.sender, context.actor.id, 'ringy');
    const answer = await sendLeadsByNumber(this.pool, this.store, input.leadNumbers, input.extra, through.send);
    await recordLeadsSent(this.pool, 'ringy', input.leadNumbers, input.extra, answer, context, through.integrationId);
    return answer;
  }
}
