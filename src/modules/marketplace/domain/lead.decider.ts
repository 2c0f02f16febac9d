import { assertNever, type Decider } from '../../../platform/domain/decider.js';
import { DomainError } from '../../../platform/domain/domain-error.js';
import type { LeadEvent, PassOverReason } from '../contracts/lead-events.js';

/**
 * A lead's sale (issue 10, "Allocation, exactly once"): offered to one campaign at a time at a
 * price fixed then; sold, or the offer declined with why; never sold twice to one agent, never
 * to more buyers than its tier allows (1 exclusive, 3 shared), never while another offer is
 * open, and never when it is a duplicate. The money moves on the buyer's wallet between the
 * offer and the sale, keyed by the offer, so a crash between them resumes the open offer.
 */
export type Offer = { readonly campaignId: string; readonly ownerId: string; readonly priceCents: number; readonly status: 'open' | 'sold' | 'declined' };

export type LeadState = {
  readonly received: boolean;
  readonly duplicate: boolean;
  readonly maxBuyers: number | null;
  readonly offers: readonly Offer[];
  readonly allocated: boolean;
};

export type LeadCommand =
  | { type: 'Offer'; leadId: string; campaignId: string; ownerId: string; priceCents: number; maxBuyers: number }
  | { type: 'RecordSale'; leadId: string; campaignId: string }
  | { type: 'DeclineOffer'; leadId: string; campaignId: string; reason: PassOverReason }
  | { type: 'FinishAllocation'; leadId: string; passedOver: readonly { campaignId: string; reason: PassOverReason }[] };

const initialState = (): LeadState => ({ received: false, duplicate: false, maxBuyers: null, offers: [], allocated: false });

export const openOffer = (state: LeadState) => state.offers.find((offer) => offer.status === 'open') ?? null;
export const buyersOf = (state: LeadState) => state.offers.filter((offer) => offer.status === 'sold');

function decide(command: LeadCommand, state: LeadState): readonly LeadEvent[] {
  if (!state.received) throw new DomainError('LEAD_NOT_FOUND', 'No such lead.', 404);
  const { leadId } = command;
  switch (command.type) {
    case 'Offer': {
      if (state.duplicate) throw new DomainError('LEAD_DUPLICATE', 'A duplicate lead is never sold.', 409);
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
        ? [{ type: 'LeadSold', data: { ...base, priceCents: offer.priceCents } }]
        : [{ type: 'LeadOfferDeclined', data: { ...base, reason: command.reason } }];
    }
    case 'FinishAllocation': {
      if (state.allocated) return [];
      if (openOffer(state)) throw new DomainError('LEAD_OFFER_OPEN', 'An offer of this lead is still open.', 409);
      return [{ type: 'LeadAllocated', data: { leadId, buyers: buyersOf(state).length, passedOver: command.passedOver.slice(0, 100) } }];
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
    case 'LeadOfferDeclined': {
      const status = event.type === 'LeadSold' ? 'sold' : 'declined';
      return { ...state, offers: state.offers.map((offer) => (offer.campaignId === event.data.campaignId ? { ...offer, status } : offer)) };
    }
    case 'LeadAllocated':
      return { ...state, allocated: true };
    default:
      return assertNever(event);
  }
}

export const leadDecider: Decider<LeadCommand, LeadEvent, LeadState> = { initialState, evolve, decide: (command, state) => decide(command, state) };
