import type pg from 'pg';

import { DomainError } from '../../../platform/domain/domain-error.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { usd } from '../../../platform/money/usd.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { timeInWords } from '../../../platform/time/org-time.js';
import { conversationOf, type Conversation } from '../../assistant/contracts/conversations.js';
import { deliveryWithAttempts, leadDeliveries, providerName, type DeliveryWithAttempts } from '../../integrations/contracts/deliveries.js';
import { ownedLeadHistory, type OwnedLeadHistory } from '../../marketplace/contracts/lead-directory.js';
import { entryRefundedCents, explainWalletEntry, refundableCents, walletEntryOf, type ExplainedWalletEntry } from '../../wallet/contracts/wallet-entries.js';
import { REFERENCE_NOT_FOUND, type TicketReference, type TicketReferenceKind } from '../contracts/ticket-reference.js';

const signed = (cents: number) => `${cents > 0 ? '+' : ''}${usd(cents)}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A delivery's status in the words of the delivery log's badge. */
const DELIVERY_STATUS_WORDS: Record<string, string> = { succeeded: 'Delivered', failed: 'Failed', pending: 'Retrying', held: 'Held', skipped: 'Not sent' };

/** An entry's amount as its wallet row shows it: the available balance's change, or for a lead paid from a campaign's reserve the reserve spent. */
const entryAmount = (entry: { amountCents: number; postedChangeCents: number }) =>
  entry.amountCents === 0 && entry.postedChangeCents !== 0 ? `${signed(entry.postedChangeCents)} from reserve` : signed(entry.amountCents);

const notYours = () => new DomainError('REFERENCE_NOT_FOUND', REFERENCE_NOT_FOUND, 404);

/**
 * The agent's item a request is opened from, named as it reads now; refused (404, recorded as
 * an unauthorized access by the caller) when it is not the agent's.
 */
export async function referenceOf(db: SqlClient, userId: string, item: { kind: TicketReferenceKind; id: string }, zone: string): Promise<TicketReference> {
  switch (item.kind) {
    case 'wallet-entry': {
      const seq = /^[1-9][0-9]{0,9}$/.test(item.id) ? Number(item.id) : null;
      const entry = seq === null ? null : await walletEntryOf(db, userId, seq);
      if (!entry) throw notYours();
      return {
        kind: item.kind,
        id: String(entry.seq),
        label: `${entry.description}, ${entryAmount(entry)}, ${timeInWords(new Date(entry.occurredAt), zone)}`,
      };
    }
    case 'lead': {
      const lead = UUID.test(item.id) ? await ownedLeadHistory(db, item.id.toLowerCase(), userId) : null;
      if (!lead) throw notYours();
      return {
        kind: item.kind,
        id: lead.leadId,
        label: `Lead ${lead.name} (${lead.state}), bought for ${usd(lead.priceCents)} on ${timeInWords(new Date(lead.boughtAt), zone)}`,
      };
    }
    case 'delivery': {
      const delivery = UUID.test(item.id) ? await deliveryWithAttempts(db, userId, item.id.toLowerCase()) : null;
      if (!delivery) throw notYours();
      const to = delivery.integrationName ?? providerName(delivery.provider);
      return {
        kind: item.kind,
        id: delivery.deliveryId,
        label: `Delivery of ${delivery.leadName ?? 'a lead'} to ${to} (${DELIVERY_STATUS_WORDS[delivery.status] ?? delivery.status}), ${timeInWords(delivery.createdAt, zone)}`,
      };
    }
    case 'assistant-conversation': {
      const conversation = UUID.test(item.id) ? await conversationOf(db, userId, item.id.toLowerCase()) : null;
      if (!conversation) throw notYours();
      const questions = conversation.messages.filter((message) => message.role === 'user').length;
      return {
        kind: item.kind,
        id: conversation.conversationId,
        label: `Conversation with the AI assistant, ${timeInWords(new Date(conversation.startedAt), zone)} (${questions} question${questions === 1 ? '' : 's'})`,
      };
    }
  }
}

/** The item with its own history, as the admin's dialog shows it; `item` is null when the item is gone from the agent's account. */
export type ReferenceHistory =
  | {
      readonly kind: 'wallet-entry';
      readonly reference: TicketReference;
      /** `refund`: what a refund from the request can give back of the entry in all, and what refunds have given so far. */
      readonly item: (ExplainedWalletEntry & { readonly refund: { readonly refundableCents: number; readonly refundedCents: number } }) | null;
    }
  | {
      readonly kind: 'lead';
      readonly reference: TicketReference;
      readonly item: { readonly lead: OwnedLeadHistory; readonly deliveries: readonly DeliveryWithAttempts[] } | null;
    }
  | {
      readonly kind: 'delivery';
      readonly reference: TicketReference;
      readonly item: { readonly delivery: DeliveryWithAttempts; readonly lead: OwnedLeadHistory | null } | null;
    }
  | { readonly kind: 'assistant-conversation'; readonly reference: TicketReference; readonly item: Conversation | null };

/** The referenced item of a request of `userId` (the ticket's agent), read from the modules that own it. */
export async function referenceHistory(store: EventStore, db: pg.Pool, userId: string, reference: TicketReference): Promise<ReferenceHistory> {
  switch (reference.kind) {
    case 'wallet-entry': {
      const seq = Number(reference.id);
      const entry = await explainWalletEntry(store, db, userId, seq).catch((error: unknown) => {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      });
      if (!entry) return { kind: reference.kind, reference, item: null };
      const refund = { refundableCents: refundableCents(entry.entry), refundedCents: await entryRefundedCents(store, db, userId, seq) };
      return { kind: reference.kind, reference, item: { ...entry, refund } };
    }
    case 'lead': {
      const lead = await ownedLeadHistory(db, reference.id, userId);
      return { kind: reference.kind, reference, item: lead ? { lead, deliveries: await leadDeliveries(db, userId, lead.leadId) } : null };
    }
    case 'delivery': {
      const delivery = await deliveryWithAttempts(db, userId, reference.id);
      const lead = delivery?.leadId ? await ownedLeadHistory(db, delivery.leadId, userId) : null;
      return { kind: reference.kind, reference, item: delivery ? { delivery, lead } : null };
    }
    case 'assistant-conversation':
      return { kind: reference.kind, reference, item: await conversationOf(db, userId, reference.id) };
  }
}
