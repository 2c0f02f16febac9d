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
import { VanillaSoftClient } from '../../providers/vanillasoft/vanillasoft-client.js';
import { SendLeadsToVanillaSoft } from './send-leads-to-vanilla-soft.command.js';

/** Sends each lead a few at a time (through the admin's own VanillaSoft integration, or the profile the request named), then records the send (the admin, the lead ids) for the audit log: `leadsend-<adminId>`. */
@CommandHandler(SendLeadsToVanillaSoft)
export class SendLeadsToVanillaSoftHandler implements ICommandHandler<SendLeadsToVanillaSoft, SendLeadsAnswer> {
  private readonly vanillaSoft: VanillaSoftClient;

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(OUTBOUND_HTTP) http: OutboundHttp,
    @Inject(CONFIG) config: IntegrationsConfig,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    private readonly sender: DeliverySender,
  ) {
    this.vanillaSoft = new VanillaSoftClient(http, config.outbound.timeoutMs);
  }

  async execute({ input, context }: SendLeadsToVanillaSoft): Promise<SendLeadsAnswer> {
    const { posting } = input;
    const through: { integrationId?: string; send: (lead: DeliverableLead) => Promise<SendOutcome> } = posting
      ? { send: (lead) => this.vanillaSoft.postLead(posting, lead) }
      : await ownIntegrationSend(this.pool, this.cipher, this.sender, context.actor.id, 'vanillasoft');
    const answer = await sendLeadsByNumber(this.pool, this.store, input.leadNumbers, input.extra, through.send);
    await recordLeadsSent(this.pool, 'vanillasoft', input.leadNumbers, input.extra, answer, context, through.integrationId);
    return answer;
  }
}
