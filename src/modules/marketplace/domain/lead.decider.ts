import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import { RETURN_REASONS, type LeadEvent, type PassOverReason, type ReturnReason } from '../contracts/lead-events.js';

/**
 * A lead's sale (issue 10, "Allocation, exactly once"): offered to one campaign at a time at a
 * price fixed then; sold, or the offer declined with why; never sold twice to one agent, never
 * to more buyers than its tier allows (1 exclusive, 3 shared), never while another offer is
 * open, and never when it is a duplicate. The money moves on the buyer's wallet between the
 * offer and the sale, keyed by the offer, so a crash between them resumes the open offer.
 */
export type Offer = { readonly campaignId: string; readonly ownerId: string; readonly priceCents: number; readonly status: 'open' | 'sold' | 'declined'; readonly soldAt?: string };
export type LeadReturn = { readonly returnId: string; readonly ownerId: string; readonly priceCents: number; readonly status: 'pending' | 'approved' | 'denied' };

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

export type LeadCommand =
  | { type: 'Offer'; leadId: string; campaignId: string; ownerId: string; priceCents: number; maxBuyers: number }
  | { type: 'RecordSale'; leadId: string; campaignId: string }
  | { type: 'DeclineOffer'; leadId: string; campaignId: string; reason: PassOverReason }
  | { type: 'FinishAllocation'; leadId: string; passedOver: readonly { campaignId: string; reason: PassOverReason }[] }
  | { type: 'RequestReturn'; leadId: string; returnId: string; ownerId: string; reason: string; comment: string; windowDays: number }
  | { type: 'ReviewReturn'; leadId: string; returnId: string; reviewerId: string; approve: boolean; reason: string };

const initialState = (): LeadState => ({ received: false, duplicate: false, maxBuyers: null, offers: [], allocated: false, returns: [] });

/** A lead with an approved return is never sold again. */
export const isReturned = (state: LeadState) => state.returns.some((r) => r.status === 'approved');

export const openOffer = (state: LeadState) => state.offers.find((offer) => offer.status === 'open') ?? null;
export const buyersOf = (state: LeadState) => state.offers.filter((offer) => offer.status === 'sold');

function decide(command: LeadCommand, state: LeadState, now: Date): readonly LeadEvent[] {
  if (!state.received) throw new DomainError('LEAD_NOT_FOUND', 'No such lead.', 404);
  const { leadId } = command;
  switch (command.type) {
    case 'Offer': {
      if (state.duplicate) throw new DomainError('LEAD_DUPLICATE', 'A duplicate lead is never sold.', 409);
      if (isReturned(state)) throw new DomainError('LEAD_RETURNED', 'A returned lead is never sold again.', 409);
      const open = openOffer(state);
      if (open) {
        if (open.campaignId === command.campaignId) return [];
        throw new DomainError('LEAD_OFFER_OPEN', 'This lead is offered to another campaign right now.', 409);
      }
      if (state.offers.some((offer) => offer.campaignId === command.campaignId)) return [];
      if (buyersOf(state).some((offer) => offer.ownerId === command.ownerId)) throw new DomainError('LEAD_ALREADY_OWNED', 'This agent already bought this lead.', 409);
      if (buyersOf(state).length >= (state.maxBuyers ?? command.maxBuyers)) throw new DomainError('LEAD_SOLD_OUT', 'This lead has all the buyers it may have.', 409);
      if (!Number.isInteger(command.priceCents) || command.priceCents < 1) throw new DomainError('PRICE_INVALID', 'A lead costs at least one cent.', 400);
      const { campaignId, ownerId, priceCents, maxBuyers } = command;
      return [{ type: 'LeadOffered', data: { leadId, campaignId, ownerId, priceCents, maxBuyers: state.maxBuyers ?? maxBuyers } }];
    }
    case 'RecordSale':
    case 'DeclineOffer': {
      const offer = state.offers.find((o) => o.campaignId === command.campaignId);
      if (!offer) throw new DomainError('LEAD_OFFER_NOT_FOUND', 'This lead was not offered to that campaign.', 409);
      if (offer.status !== 'open') return [];
      const base = { leadId, campaignId: offer.campaignId, ownerId: offer.ownerId };
      return command.type === 'RecordSale'
        ? [{ type: 'LeadSold', data: { ...base, priceCents: offer.priceCents, at: now.toISOString() } }]
        : [{ type: 'LeadOfferDeclined', data: { ...base, reason: command.reason } }];
    }
    case 'FinishAllocation': {
      if (state.allocated) return [];
      if (openOffer(state)) throw new DomainError('LEAD_OFFER_OPEN', 'An offer of this lead is still open.', 409);
      return [{ type: 'LeadAllocated', data: { leadId, buyers: buyersOf(state).length, passedOver: command.passedOver.slice(0, 100) } }];
    }
    case 'RequestReturn': {
      const bought = buyersOf(state).find((offer) => offer.ownerId === command.ownerId);
      // Not theirs: the same answer as a lead that does not exist.
      if (!bought) throw new DomainError('LEAD_NOT_FOUND', 'No such lead.', 404);
      const earlier = state.returns.find((r) => r.ownerId === command.ownerId);
      if (earlier?.returnId === command.returnId) return [];
      if (earlier && earlier.status !== 'denied') throw new DomainError('RETURN_EXISTS', earlier.status === 'approved' ? 'This lead was already returned.' : 'A return of this lead is already waiting for review.', 409);
      if (earlier) throw new DomainError('RETURN_DENIED', 'A return of this lead was denied; it cannot be returned again.', 409);
      if (!(command.reason in RETURN_REASONS)) throw new DomainError('RETURN_REASON_REQUIRED', 'Choose why you are returning this lead.', 400);
      const comment = command.comment.trim();
      if (comment.length > MAX_RETURN_COMMENT) throw new DomainError('RETURN_COMMENT_TOO_LONG', `A comment can be at most ${MAX_RETURN_COMMENT} characters.`, 400);
      const soldAt = Date.parse(bought.soldAt ?? '');
      if (!(now.getTime() - soldAt <= command.windowDays * 86_400_000)) {
        throw new DomainError('RETURN_WINDOW_CLOSED', `A lead can be returned within ${command.windowDays} days of buying it.`, 409);
      }
      const { returnId, ownerId } = command;
      return [{ type: 'LeadReturnRequested', data: { leadId, returnId, ownerId, campaignId: bought.campaignId, priceCents: bought.priceCents, reason: command.reason as ReturnReason, comment } }];
    }
    case 'ReviewReturn': {
      const request = state.returns.find((r) => r.returnId === command.returnId);
      if (!request) throw new DomainError('RETURN_NOT_FOUND', 'No such return.', 404);
      if (request.status !== 'pending') {
        if ((request.status === 'approved') === command.approve) return [];
        throw new DomainError('RETURN_REVIEWED', `This return was already ${request.status}.`, 409);
      }
      const base = { leadId, returnId: request.returnId, ownerId: request.ownerId, reviewerId: command.reviewerId };
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
      return { ...state, offers: state.offers.map((offer) => (offer.campaignId === event.data.campaignId ? { ...offer, status: 'sold', soldAt: event.data.at } : offer)) };
    case 'LeadOfferDeclined':
      return { ...state, offers: state.offers.map((offer) => (offer.campaignId === event.data.campaignId ? { ...offer, status: 'declined' } : offer)) };
    case 'LeadReturnRequested': {
      const { returnId, ownerId, priceCents } = event.data;
      return { ...state, returns: [...state.returns, { returnId, ownerId, priceCents, status: 'pending' }] };
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
