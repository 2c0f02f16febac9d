import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import { CONFIG, EVENT_STORE, OUTBOUND_HTTP, SQL_POOL } from '../../../../platform/tokens.js';
import { recordLeadsSent, sendLeadsByNumber, type SendLeadsAnswer } from '../../delivery/lead-sender.js';
import type { IntegrationsConfig } from '../../integrations.config.js';
import { VanillaSoftClient } from '../../providers/vanillasoft/vanillasoft-client.js';
import { SendLeadsToVanillaSoft } from './send-leads-to-vanilla-soft.command.js';

/** Sends each lead a few at a time, then records the send (the admin, the lead ids) for the audit log: `leadsend-<adminId>`. */
@CommandHandler(SendLeadsToVanillaSoft)
export class SendLeadsToVanillaSoftHandler implements ICommandHandler<SendLeadsToVanillaSoft, SendLeadsAnswer> {
  private readonly vanillaSoft: VanillaSoftClient;

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(OUTBOUND_HTTP) http: OutboundHttp,
    @Inject(CONFIG) config: IntegrationsConfig,
  ) {
    this.vanillaSoft = new VanillaSoftClient(http, config.outbound.timeoutMs);
  }

  async execute({ input, context }: SendLeadsToVanillaSoft): Promise<SendLeadsAnswer> {
    const answer = await sendLeadsByNumber(this.pool, this.store, input.leadNumbers, input.extra, (lead) => this.vanillaSoft.postLead(input.posting, lead));
    await recordLeadsSent(this.pool, 'vanillasoft', input.leadNumbers, input.extra, answer, context);
    return answer;
  }
}
