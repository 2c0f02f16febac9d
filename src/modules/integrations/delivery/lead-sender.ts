import type pg from 'pg';

import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { CommandContext } from '../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { OutboundHttp } from '../../../platform/outbound/outbound-http.js';
import { inTransaction } from '../../../platform/persistence/sql.js';
import { leadIdsByNumber } from '../../marketplace/contracts/lead-numbers.js';
import { deliverableLead } from '../commands/send-leads/deliverable-lead.js';
import { integrationEvent, leadSendStream } from '../contracts/integration-events.js';
import { INVALID_CREDENTIALS } from '../providers/provider-call.js';

/** A bought lead as it goes out to an agent's tools: the person, and how the agent got it. */
export type DeliverableLead = {
  readonly leadId: string;
  readonly firstName: string;
  readonly lastName: string;
  /** E.164, e.g. +13055550123. */
  readonly phone: string;
  readonly email: string | null;
  readonly state: string;
  readonly zip: string;
  readonly city: string | null;
  readonly dateOfBirth: string | null;
  readonly age: number | null;
  /** data_leads, aged_leads, business_leads … */
  readonly source: string;
  readonly tier: string;
  readonly companyName: string | null;
  readonly campaignId: string | null;
  readonly campaignName: string | null;
  readonly priceCents: number;
  /** ISO time the agent bought (or was assigned) it. */
  readonly boughtAt: string;
  readonly consent: { readonly text: string; readonly at: string } | null;
  /** Free text sent along (the admin's send-leads notes); absent on an ordinary delivery. */
  readonly notes?: string | null;
};

/** One agent's connection as a sender needs it: settings as saved, secrets already decrypted for this call only. */
export type IntegrationTarget = {
  readonly integrationId: string;
  readonly userId: string;
  /** A provider id ('onlysales', 'ringy' …) or 'custom'. */
  readonly provider: string;
  readonly settings: Readonly<Record<string, unknown>>;
  readonly secrets: Readonly<Record<string, string>>;
};

/** What one attempt came to; it goes into the delivery log as is (never with a secret in it). */
export type SendOutcome = {
  /** A 2xx (or the provider's own "accepted") within the time limit. */
  readonly ok: boolean;
  /** The HTTP status, or null when no answer came (refused by the fence, timeout, connection error). */
  readonly status: number | null;
  readonly durationMs: number;
  /** The first 2 KB of the answer, or the error's text. */
  readonly preview: string;
  /** Why it failed, in words an agent can act on; null when ok. */
  readonly error: string | null;
  /** False when trying again cannot help (e.g. the provider said the credentials are wrong). */
  readonly retryable: boolean;
};

export type SendContext = {
  /** Stable across retries of one delivery: the idempotency / webhook-id of the request. */
  readonly deliveryId: string;
  readonly attempt: number;
  /** A test-send of a sample lead, not a real one. */
  readonly test: boolean;
};

/** Sends a lead to one kind of integration. One per provider (and one for custom API integrations). */
export type LeadSender = {
  readonly provider: string;
  send(lead: DeliverableLead, target: IntegrationTarget, context: SendContext): Promise<SendOutcome>;
};

export type LeadSenderDependencies = { readonly http: OutboundHttp };

/** How long an answer may take before the attempt counts as failed (the receiver must answer 2xx within 15 s). */
export const DELIVERY_TIMEOUT_MS = 15_000;

/** Leads an admin's send-leads request sends at once. */
const SENDS_AT_ONCE = 4;

export type SendResult = { readonly leadId: number; readonly status: 'sent' | 'failed'; readonly error: string | null; readonly providerStatus: number | null };
export type SendLeadsAnswer = { results: SendResult[]; sent: number; failed: number };
/** What the admin's send-leads form adds to each lead. */
export type SendLeadsExtra = { leadSource: string | undefined; notes: string; priceCents: number | null };

/**
 * What the admin sent, for the audit log: who (the event's actor), which lead ids, to which
 * provider, and how it went; never the credentials or the posting address they came with.
 */
export async function recordLeadsSent(
  pool: pg.Pool,
  provider: 'ringy' | 'vanillasoft',
  leadIds: readonly number[],
  extra: SendLeadsExtra,
  answer: SendLeadsAnswer,
  context: CommandContext,
  /** The admin's own integration the leads went through; absent when the request brought the account. */
  integrationId?: string,
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
    ...(integrationId ? { integrationId } : {}),
  };
  await inTransaction(pool, (tx) => recordInOutbox(tx, leadSendStream(context.actor.id), [integrationEvent('LeadsSentToProvider', data, context)]));
  outboxCommitted();
}

/** Each lead sent, a few at a time; once the provider refuses the credentials the rest are not tried. */
export async function sendLeadsByNumber(
  pool: pg.Pool,
  store: EventStore,
  numbers: readonly number[],
  extra: SendLeadsExtra,
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
  await Promise.all(Array.from({ length: Math.min(SENDS_AT_ONCE, numbers.length) }, worker));
  const ordered = numbers.map((number) => results.get(number)!);
  return { results: ordered, sent: ordered.filter((r) => r.status === 'sent').length, failed: ordered.filter((r) => r.status === 'failed').length };
}
