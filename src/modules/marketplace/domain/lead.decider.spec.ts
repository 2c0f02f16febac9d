import { describe, it } from 'vitest';

import { givenWhenThen } from '../../../../test/support/given-when-then.js';
import type { LeadEvent, PassOverReason } from '../contracts/lead-events.js';
import { leadDecider, type LeadCommand } from './lead.decider.js';

const given = givenWhenThen(leadDecider);
const L = 'lead-1';
const now = new Date('2031-05-06T15:00:00Z');
const received: LeadEvent = {
  type: 'LeadReceived',
  data: {
    leadId: L,
    vendorId: 'v',
    externalId: null,
    duplicateOf: null,
    firstName: 'A',
    lastName: 'B',
    phone: '+13055550100',
    email: null,
    state: 'FL',
    zip: '33101',
    dateOfBirth: null,
    age: 60,
    source: 'data_leads',
    tier: 'premium',
    consent: { text: 'yes', at: '2031-05-01T00:00:00.000Z' },
  },
};
const offered = (campaignId: string, ownerId: string): LeadEvent => ({
  type: 'LeadOffered',
  data: { leadId: L, campaignId, ownerId, priceCents: 1_000, maxBuyers: 3 },
});
const sold = (campaignId: string, ownerId: string, at = '2031-05-05T12:00:00.000Z'): LeadEvent => ({
  type: 'LeadSold',
  data: { leadId: L, campaignId, ownerId, priceCents: 1_000, at },
});
const offer = (campaignId: string, ownerId: string): LeadCommand => ({
  type: 'Offer',
  leadId: L,
  offers: [{ campaignId, ownerId }],
  priceCents: 1_000,
  maxBuyers: 3,
});
const offerAll = (...offers: [string, string][]): LeadCommand => ({
  type: 'Offer',
  leadId: L,
  offers: offers.map(([campaignId, ownerId]) => ({ campaignId, ownerId })),
  priceCents: 1_000,
  maxBuyers: 3,
});
const settle = (outcomes: [string, PassOverReason | null][], finish: boolean): LeadCommand => ({
  type: 'Settle',
  leadId: L,
  outcomes: outcomes.map(([campaignId, declined]) => ({ campaignId, declined })),
  finish: finish ? { passedOver: [] } : null,
});
const requestReturn = (ownerId = 'ann', reason = 'bad_phone'): LeadCommand => ({
  type: 'RequestReturn',
  leadId: L,
  returnId: 'r1',
  ownerId,
  reason,
  comment: ' rang out ',
  windowDays: 7,
});
const requested: LeadEvent = {
  type: 'LeadReturnRequested',
  data: { leadId: L, returnId: 'r1', ownerId: 'ann', campaignId: 'c1', priceCents: 1_000, reason: 'bad_phone', comment: 'rang out' },
};

describe('lead decider', () => {
  it('offers to as many campaigns at once as it has places left, never twice to one agent, never beyond its buyers', () => {
    given([received])
      .when(offer('c1', 'ann'), now)
      .then([offered('c1', 'ann')]);
    given([received])
      .when(offerAll(['c1', 'ann'], ['c2', 'bob'], ['c3', 'cy']), now)
      .then([offered('c1', 'ann'), offered('c2', 'bob'), offered('c3', 'cy')]);
    given([received, offered('c1', 'ann')])
      .when(offer('c1', 'ann'), now)
      .then([]);
    given([received, offered('c1', 'ann')])
      .when(offer('c2', 'bob'), now)
      .then([offered('c2', 'bob')]);
    given([received, offered('c1', 'ann'), offered('c2', 'bob')])
      .when(offerAll(['c3', 'cy'], ['c4', 'dee']), now)
      .thenRefuses('LEAD_OFFER_OPEN');
    given([received, offered('c1', 'ann')])
      .when(offer('c2', 'ann'), now)
      .thenRefuses('LEAD_ALREADY_OWNED');
    given([received])
      .when(offerAll(['c1', 'ann'], ['c2', 'ann']), now)
      .thenRefuses('LEAD_ALREADY_OWNED');
    given([received, offered('c1', 'ann'), sold('c1', 'ann')])
      .when(offer('c2', 'ann'), now)
      .thenRefuses('LEAD_ALREADY_OWNED');
    const three = [received, offered('c1', 'a'), sold('c1', 'a'), offered('c2', 'b'), sold('c2', 'b'), offered('c3', 'c'), sold('c3', 'c')];
    given(three).when(offer('c4', 'd'), now).thenRefuses('LEAD_SOLD_OUT');
    given([{ ...received, data: { ...received.data, duplicateOf: 'other' } } as LeadEvent])
      .when(offer('c1', 'ann'), now)
      .thenRefuses('LEAD_DUPLICATE');
  });

  it('settles each open offer once, sold or declined with why, and ends only with none open', () => {
    const twoOpen = [received, offered('c1', 'ann'), offered('c2', 'bob')];
    const declined: LeadEvent = { type: 'LeadOfferDeclined', data: { leadId: L, campaignId: 'c2', ownerId: 'bob', reason: 'budget' } };
    const allocated = (buyers: number): LeadEvent => ({ type: 'LeadAllocated', data: { leadId: L, buyers, passedOver: [] } });
    given(twoOpen)
      .when(
        settle(
          [
            ['c1', null],
            ['c2', 'budget'],
          ],
          false,
        ),
        now,
      )
      .then([sold('c1', 'ann', now.toISOString()), declined]);
    given(twoOpen)
      .when(
        settle(
          [
            ['c1', null],
            ['c2', 'budget'],
          ],
          true,
        ),
        now,
      )
      .then([sold('c1', 'ann', now.toISOString()), declined, allocated(1)]);
    given(twoOpen)
      .when(settle([['c1', null]], true), now)
      .thenRefuses('LEAD_OFFER_OPEN');
    given([...twoOpen, sold('c1', 'ann')])
      .when(
        settle(
          [
            ['c1', null],
            ['c2', null],
          ],
          true,
        ),
        now,
      )
      .then([sold('c2', 'bob', now.toISOString()), allocated(2)]);
    given([received])
      .when(settle([['c9', null]], false), now)
      .thenRefuses('LEAD_OFFER_NOT_FOUND');
    given([received])
      .when(settle([], true), now)
      .then([allocated(0)]);
    given([received, allocated(0)])
      .when(settle([], true), now)
      .then([]);
  });

  it('takes a return from a buyer within the window, once, with a reason from the list', () => {
    const bought = [received, offered('c1', 'ann'), sold('c1', 'ann')];
    given(bought).when(requestReturn(), now).then([requested]);
    given([...bought, requested])
      .when(requestReturn(), now)
      .then([]);
    given([...bought, requested])
      .when({ ...requestReturn(), returnId: 'r2' } as LeadCommand, now)
      .thenRefuses('RETURN_EXISTS');
    given(bought).when(requestReturn('bob'), now).thenRefuses('LEAD_NOT_FOUND');
    given(bought).when(requestReturn('ann', 'did_not_like'), now).thenRefuses('RETURN_REASON_REQUIRED');
    given([received, offered('c1', 'ann'), sold('c1', 'ann', '2031-04-28T12:00:00.000Z')])
      .when(requestReturn(), now)
      .thenRefuses('RETURN_WINDOW_CLOSED', 'A lead can be returned within 7 days of buying it.');
  });

  it('takes a return an admin starts from the agent’s help request when the request came within the window, and its review names the request', () => {
    const late = [received, offered('c1', 'ann'), sold('c1', 'ann', '2031-04-28T12:00:00.000Z')];
    const fromTicket = { ...requestReturn(), ticketId: 't1' } as LeadCommand;
    const askedInTime = '2031-05-03T12:00:00.000Z';
    given(late)
      .when({ ...fromTicket, askedAt: askedInTime } as LeadCommand, now)
      .then([{ ...requested, data: { ...requested.data, ticketId: 't1' } } as LeadEvent]);
    given(late)
      .when({ ...fromTicket, askedAt: '2031-05-06T12:00:00.000Z' } as LeadCommand, now)
      .thenRefuses('RETURN_WINDOW_CLOSED');
    const pending = [...late, { ...requested, data: { ...requested.data, ticketId: 't1' } } as LeadEvent];
    given(pending)
      .when({ type: 'ReviewReturn', leadId: L, returnId: 'r1', reviewerId: 'admin', approve: false, reason: 'Number works' }, now)
      .then([{ type: 'LeadReturnDenied', data: { leadId: L, returnId: 'r1', ownerId: 'ann', reviewerId: 'admin', reason: 'Number works', ticketId: 't1' } }]);
  });

  it('is reviewed once; an approved return is never sold again, a denial needs a reason', () => {
    const pending = [received, offered('c1', 'ann'), sold('c1', 'ann'), requested];
    const approved: LeadEvent = { type: 'LeadReturnApproved', data: { leadId: L, returnId: 'r1', ownerId: 'ann', priceCents: 1_000, reviewerId: 'admin' } };
    given(pending).when({ type: 'ReviewReturn', leadId: L, returnId: 'r1', reviewerId: 'admin', approve: true, reason: '' }, now).then([approved]);
    given([...pending, approved])
      .when({ type: 'ReviewReturn', leadId: L, returnId: 'r1', reviewerId: 'admin', approve: true, reason: '' }, now)
      .then([]);
    given([...pending, approved])
      .when({ type: 'ReviewReturn', leadId: L, returnId: 'r1', reviewerId: 'admin', approve: false, reason: 'no' }, now)
      .thenRefuses('RETURN_REVIEWED');
    given(pending)
      .when({ type: 'ReviewReturn', leadId: L, returnId: 'r1', reviewerId: 'admin', approve: false, reason: ' ' }, now)
      .thenRefuses('DENY_REASON_REQUIRED');
    given([...pending, approved])
      .when(offer('c9', 'zed'), now)
      .thenRefuses('LEAD_RETURNED');
  });
});
