import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import { CONFIG, EVENT_STORE, OUTBOUND_HTTP, SQL_POOL } from '../../../../platform/tokens.js';
import { recordLeadsSent, sendLeadsByNumber, type SendLeadsAnswer } from '../../delivery/lead-sender.js';
import type { IntegrationsConfig } from '../../integrations.config.js';
import { RingyClient, ringyFieldsOf } from '../../providers/ringy/ringy-client.js';
import { SendLeadsToRingy } from './send-leads-to-ringy.command.js';

/** Sends each lead a few at a time, then records the send (the admin, the lead ids) for the audit log: `leadsend-<adminId>`. */
@CommandHandler(SendLeadsToRingy)
export class SendLeadsToRingyHandler implements ICommandHandler<SendLeadsToRingy, SendLeadsAnswer> {
  private readonly ringy: RingyClient;

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(OUTBOUND_HTTP) http: OutboundHttp,
    @Inject(CONFIG) config: IntegrationsConfig,
  ) {
    this.ringy = new RingyClient(http, config.providers.ringyApiBase, config.outbound.timeoutMs);
  }

  async execute({ input, context }: SendLeadsToRingy): Promise<SendLeadsAnswer> {
    const answer = await sendLeadsByNumber(this.pool, this.store, input.leadNumbers, input.extra, (lead) =>
      this.ringy.createLead(input.credentials, ringyFieldsOf(lead)),
    );
    await recordLeadsSent(this.pool, 'ringy', input.leadNumbers, input.extra, answer, context);
    return answer;
  }
}
