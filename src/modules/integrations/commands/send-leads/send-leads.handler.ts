import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import type { AppConfig } from '../../../../platform/config/config.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import type { OutboundHttp } from '../../../../platform/outbound/outbound-http.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { CONFIG, EVENT_STORE, OUTBOUND_HTTP, SQL_POOL } from '../../../../platform/tokens.js';
import { leadIdsByNumber } from '../../../marketplace/contracts/lead-numbers.js';
import { integrationEvent, leadSendStream } from '../../contracts/integration-events.js';
import type { DeliverableLead, SendOutcome } from '../../delivery/lead-sender.js';
import { INVALID_CREDENTIALS } from '../../providers/provider-call.js';
import { RingyClient, ringyFieldsOf } from '../../providers/ringy/ringy-client.js';
import { VanillaSoftClient } from '../../providers/vanillasoft/vanillasoft-client.js';
import { deliverableLead } from './deliverable-lead.js';

const AT_ONCE = 4;

export type SendResult = { readonly leadId: number; readonly status: 'sent' | 'failed'; readonly error: string | null; readonly providerStatus: number | null };
export type SendLeadsAnswer = { results: SendResult[]; sent: number; failed: number };
type Extra = { leadSource: string | undefined; notes: string; priceCents: number | null };

/** Each admin's sends, in the audit log: `leadsend-<adminId>`. */

/** The test page's send-leads-to-ringy: leads by their numbers to a Ringy account whose credentials come with the request (never stored). */
export class SendLeadsToRingy extends Command<SendLeadsAnswer> {
  constructor(
    readonly leadNumbers: readonly number[],
    readonly credentials: { sid: string; authToken: string },
    readonly extra: Extra,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** The test page's send-leads-to-vanillasoft: leads by their numbers to a VanillaSoft web-lead profile given with the request. */
export class SendLeadsToVanillaSoft extends Command<SendLeadsAnswer> {
  constructor(
    readonly leadNumbers: readonly number[],
    readonly posting: { postingUrl: string; fieldMappings: Record<string, string> },
    readonly extra: Extra,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SendLeadsToRingy)
export class SendLeadsToRingyHandler implements ICommandHandler<SendLeadsToRingy> {
  private readonly ringy: RingyClient;

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(OUTBOUND_HTTP) http: OutboundHttp,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.ringy = new RingyClient(http, config.providers.ringyApiBase, config.outbound.timeoutMs);
  }

  async execute({ leadNumbers, credentials, extra, context }: SendLeadsToRingy) {
    const answer = await sendEach(this.pool, this.store, leadNumbers, extra, (lead) => this.ringy.createLead(credentials, ringyFieldsOf(lead)));
    await recordSend(this.pool, 'ringy', leadNumbers, extra, answer, context);
    return answer;
  }
}

@CommandHandler(SendLeadsToVanillaSoft)
export class SendLeadsToVanillaSoftHandler implements ICommandHandler<SendLeadsToVanillaSoft> {
  private readonly vanillaSoft: VanillaSoftClient;

  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(OUTBOUND_HTTP) http: OutboundHttp,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.vanillaSoft = new VanillaSoftClient(http, config.outbound.timeoutMs);
  }

  async execute({ leadNumbers, posting, extra, context }: SendLeadsToVanillaSoft) {
    const answer = await sendEach(this.pool, this.store, leadNumbers, extra, (lead) => this.vanillaSoft.postLead(posting, lead));
    await recordSend(this.pool, 'vanillasoft', leadNumbers, extra, answer, context);
    return answer;
  }
}

/**
 * What the admin sent, for the audit log: who (the event's actor), which lead ids, to which
 * provider, and how it went; never the credentials or the posting address they came with.
 */
async function recordSend(
  pool: pg.Pool,
  provider: 'ringy' | 'vanillasoft',
  leadIds: readonly number[],
  extra: Extra,
  answer: SendLeadsAnswer,
  context: CommandContext,
): Promise<void> {
  const failedLeadIds = answer.results.filter((result) => result.status === 'failed').map((result) => result.leadId);
  const data = {
    adminId: context.actor.id,
    provider,
    leadIds,
    sent: answer.sent,
    failed: answer.failed,
    failedLeadIds,
    ...(extra.leadSource ? { leadSource: extra.leadSource } : {}),
  };
  await inTransaction(pool, (tx) => recordInOutbox(tx, leadSendStream(context.actor.id), [integrationEvent('LeadsSentToProvider', data, context)]));
  outboxCommitted();
}

/** Each lead sent, a few at a time; once the provider refuses the credentials the rest are not tried. */
async function sendEach(
  pool: pg.Pool,
  store: EventStore,
  numbers: readonly number[],
  extra: Extra,
  send: (lead: DeliverableLead) => Promise<SendOutcome>,
): Promise<SendLeadsAnswer> {
  const ids = await leadIdsByNumber(pool, numbers);
  const results = new Map<number, SendResult>();
  let refused = false;
  const queue = [...numbers];
  const worker = async () => {
    for (let number = queue.shift(); number !== undefined; number = queue.shift()) {
      const leadId = ids.get(number);
      const lead = leadId ? await deliverableLead(store, leadId, extra) : null;
      if (!lead) {
        // A lead just received is numbered at once; its events reach the store a moment later.
        const error = leadId ? 'This lead is still being received: try again in a moment' : 'No lead has this ID';
        results.set(number, { leadId: number, status: 'failed', error, providerStatus: null });
        continue;
      }
      if (refused) {
        results.set(number, { leadId: number, status: 'failed', error: `${INVALID_CREDENTIALS} (not sent)`, providerStatus: null });
        continue;
      }
      const outcome = await send(lead);
      if (outcome.error === INVALID_CREDENTIALS) refused = true;
      results.set(number, { leadId: number, status: outcome.ok ? 'sent' : 'failed', error: outcome.error, providerStatus: outcome.status });
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, numbers.length) }, worker));
  const ordered = numbers.map((number) => results.get(number)!);
  return { results: ordered, sent: ordered.filter((r) => r.status === 'sent').length, failed: ordered.filter((r) => r.status === 'failed').length };
}

export const SEND_LEADS_HANDLERS = [SendLeadsToRingyHandler, SendLeadsToVanillaSoftHandler];
