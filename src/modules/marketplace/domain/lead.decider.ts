import { milliseconds } from 'date-fns/milliseconds';

import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { RETURN_REASONS, type LeadEvent, type PassOverReason, type ReturnReason } from '../contracts/lead-events.js';

/**
 * A lead's sale ("Allocation, exactly once"): offered to campaigns at a price fixed
 * then, never more open offers than the places its tier has left; each offer sold, or declined
 * with why; never sold twice to one agent, never to more buyers than its tier allows (1
 * exclusive, 3 shared), and never when it is a duplicate. The money moves on each buyer's
 * wallet between the offer and the sale, keyed by the lead, so a crash between them resumes
 * the open offers.
 */
export type Offer = {
  readonly campaignId: string;
  readonly ownerId: string;
  readonly priceCents: number;
  readonly status: 'open' | 'sold' | 'declined';
  readonly soldAt?: string;
};
export type LeadReturn = {
  readonly returnId: string;
  readonly ownerId: string;
  readonly priceCents: number;
  readonly status: 'pending' | 'approved' | 'denied';
  /** The help request an admin started it from. */
  readonly ticketId?: string;
};

/** The longest comment a return may carry. */
export const MAX_RETURN_COMMENT = 1_000;

export type LeadState = {
  readonly received: boolean;
  readonly duplicate: boolean;
  readonly maxBuyers: number | null;
  readonly offers: readonly Offer[];
  readonly allocated: boolean;
  readonly returns: readonly LeadReturn[];
};

export type PassedOver = { readonly campaignId: string; readonly reason: PassOverReason };
/** What became of an offer: sold (no reason), or declined with the reason the campaign did not buy. */
export type OfferOutcome = { readonly campaignId: string; readonly declined: PassOverReason | null };

export type LeadCommand =
  | { type: 'Offer'; leadId: string; offers: readonly { campaignId: string; ownerId: string }[]; priceCents: number; maxBuyers: number }
  /** Records what became of offers, and with `finish` ends the allocation (every offer settled). */
  | { type: 'Settle'; leadId: string; outcomes: readonly OfferOutcome[]; finish: null | { passedOver: readonly PassedOver[] } }
  /**
   * By the agent; or by an admin from the agent's help request (`ticketId`), where `askedAt`, when
   * the agent asked, is what must fall within the return window.
   */
  | {
      type: 'RequestReturn';
      leadId: string;
      returnId: string;
      ownerId: string;
      reason: string;
      comment: string;
      windowDays: number;
      ticketId?: string;
      askedAt?: string;
    }
  | { type: 'ReviewReturn'; leadId: string; returnId: string; reviewerId: string; approve: boolean; reason: string };

const initialState = (): LeadState => ({ received: false, duplicate: false, maxBuyers: null, offers: [], allocated: false, returns: [] });

/** A lead with an approved return is never sold again. */
export const isReturned = (state: LeadState) => state.returns.some((r) => r.status === 'approved');

export const openOffers = (state: LeadState) => state.offers.filter((offer) => offer.status === 'open');
export const buyersOf = (state: LeadState) => state.offers.filter((offer) => offer.status === 'sold');

function decide(command: LeadCommand, state: LeadState, now: Date): readonly LeadEvent[] {
  if (!state.received) throw new DomainError('LEAD_NOT_FOUND', 'No such lead.', 404);
  const { leadId } = command;
  switch (command.type) {
    case 'Offer': {
      if (state.duplicate) throw new DomainError('LEAD_DUPLICATE', 'A duplicate lead is never sold.', 409);
      if (isReturned(state)) throw new DomainError('LEAD_RETURNED', 'A returned lead is never sold again.', 409);
      const fresh = command.offers.filter((offer) => !state.offers.some((made) => made.campaignId === offer.campaignId));
      if (fresh.length === 0) return [];
      const owners = [...buyersOf(state), ...openOffers(state)].map((offer) => offer.ownerId);
      for (const { ownerId } of fresh) {
        if (owners.includes(ownerId)) throw new DomainError('LEAD_ALREADY_OWNED', 'This agent already bought this lead.', 409);
        owners.push(ownerId);
      }
      const maxBuyers = state.maxBuyers ?? command.maxBuyers;
      if (buyersOf(state).length >= maxBuyers) throw new DomainError('LEAD_SOLD_OUT', 'This lead has all the buyers it may have.', 409);
      if (buyersOf(state).length + openOffers(state).length + fresh.length > maxBuyers) {
        throw new DomainError('LEAD_OFFER_OPEN', 'This lead is offered to other campaigns right now.', 409);
      }
      if (!Number.isInteger(command.priceCents) || command.priceCents < 1) throw new DomainError('PRICE_INVALID', 'A lead costs at least one cent.', 400);
      return fresh.map(
        ({ campaignId, ownerId }) => ({ type: 'LeadOffered', data: { leadId, campaignId, ownerId, priceCents: command.priceCents, maxBuyers } }) as const,
      );
    }
    case 'Settle': {
      const events: LeadEvent[] = [];
      let sold = buyersOf(state).length;
      let stillOpen = openOffers(state).length;
      for (const outcome of command.outcomes) {
        const offer = state.offers.find((o) => o.campaignId === outcome.campaignId);
        if (!offer) throw new DomainError('LEAD_OFFER_NOT_FOUND', 'This lead was not offered to that campaign.', 409);
        if (offer.status !== 'open') continue;
        const base = { leadId, campaignId: offer.campaignId, ownerId: offer.ownerId };
        stillOpen -= 1;
        if (outcome.declined === null) {
          sold += 1;
          events.push({ type: 'LeadSold', data: { ...base, priceCents: offer.priceCents, at: now.toISOString() } });
        } else {
          events.push({ type: 'LeadOfferDeclined', data: { ...base, reason: outcome.declined } });
        }
      }
      if (command.finish && !state.allocated) {
        if (stillOpen > 0) throw new DomainError('LEAD_OFFER_OPEN', 'An offer of this lead is still open.', 409);
        events.push({ type: 'LeadAllocated', data: { leadId, buyers: sold, passedOver: command.finish.passedOver.slice(0, 100) } });
      }
      return events;
    }
    case 'RequestReturn': {
      const bought = buyersOf(state).find((offer) => offer.ownerId === command.ownerId);
      // Not theirs: the same answer as a lead that does not exist.
      if (!bought) throw new DomainError('LEAD_NOT_FOUND', 'No such lead.', 404);
      const earlier = state.returns.find((r) => r.ownerId === command.ownerId);
      if (earlier?.returnId === command.returnId) return [];
      if (earlier && earlier.status !== 'denied')
        throw new DomainError(
          'RETURN_EXISTS',
          earlier.status === 'approved' ? 'This lead was already returned.' : 'A return of this lead is already waiting for review.',
          409,
        );
      if (earlier) throw new DomainError('RETURN_DENIED', 'A return of this lead was denied; it cannot be returned again.', 409);
      if (!(command.reason in RETURN_REASONS)) throw new DomainError('RETURN_REASON_REQUIRED', 'Choose why you are returning this lead.', 400);
      const comment = command.comment.trim();
      if (comment.length > MAX_RETURN_COMMENT)
        throw new DomainError('RETURN_COMMENT_TOO_LONG', `A comment can be at most ${MAX_RETURN_COMMENT} characters.`, 400);
      const soldAt = Date.parse(bought.soldAt ?? '');
      const askedAt = command.askedAt ? Math.min(Date.parse(command.askedAt), now.getTime()) : now.getTime();
      if (!(askedAt - soldAt <= milliseconds({ days: command.windowDays }))) {
        throw new DomainError('RETURN_WINDOW_CLOSED', `A lead can be returned within ${command.windowDays} days of buying it.`, 409);
      }
      const { returnId, ownerId, ticketId } = command;
      return [
        {
          type: 'LeadReturnRequested',
          data: {
            leadId,
            returnId,
            ownerId,
            campaignId: bought.campaignId,
            priceCents: bought.priceCents,
            reason: command.reason as ReturnReason,
            comment,
            ...(ticketId ? { ticketId } : {}),
          },
        },
      ];
    }
    case 'ReviewReturn': {
      const request = state.returns.find((r) => r.returnId === command.returnId);
      if (!request) throw new DomainError('RETURN_NOT_FOUND', 'No such return.', 404);
      if (request.status !== 'pending') {
        if ((request.status === 'approved') === command.approve) return [];
        throw new DomainError('RETURN_REVIEWED', `This return was already ${request.status}.`, 409);
      }
      const base = {
        leadId,
        returnId: request.returnId,
        ownerId: request.ownerId,
        reviewerId: command.reviewerId,
        ...(request.ticketId ? { ticketId: request.ticketId } : {}),
      };
      if (command.approve) return [{ type: 'LeadReturnApproved', data: { ...base, priceCents: request.priceCents } }];
      const reason = command.reason.trim();
      if (!reason) throw new DomainError('DENY_REASON_REQUIRED', 'Say why the return is denied; the agent sees it.', 400);
      return [{ type: 'LeadReturnDenied', data: { ...base, reason } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: LeadState, event: LeadEvent): LeadState {
  switch (event.type) {
    case 'LeadReceived':
      return { ...state, received: true, duplicate: event.data.duplicateOf !== null };
    case 'LeadOffered': {
      const { campaignId, ownerId, priceCents, maxBuyers } = event.data;
      return { ...state, maxBuyers, offers: [...state.offers, { campaignId, ownerId, priceCents, status: 'open' }] };
    }
    case 'LeadSold':
      return {
        ...state,
        offers: state.offers.map((offer) => (offer.campaignId === event.data.campaignId ? { ...offer, status: 'sold', soldAt: event.data.at } : offer)),
      };
    case 'LeadOfferDeclined':
      return { ...state, offers: state.offers.map((offer) => (offer.campaignId === event.data.campaignId ? { ...offer, status: 'declined' } : offer)) };
    case 'LeadReturnRequested': {
      const { returnId, ownerId, priceCents, ticketId } = event.data;
      return { ...state, returns: [...state.returns, { returnId, ownerId, priceCents, status: 'pending', ...(ticketId ? { ticketId } : {}) }] };
    }
    case 'LeadReturnApproved':
    case 'LeadReturnDenied': {
      const status = event.type === 'LeadReturnApproved' ? 'approved' : 'denied';
      return { ...state, returns: state.returns.map((r) => (r.returnId === event.data.returnId ? { ...r, status } : r)) };
    }
    case 'LeadAllocated':
      return { ...state, allocated: true };
    default:
      return assertNever(event);
  }
}

export const leadDecider: Decider<LeadCommand, LeadEvent, LeadState> = { initialState, evolve, decide };
