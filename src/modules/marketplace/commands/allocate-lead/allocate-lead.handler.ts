import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { fold } from '../../../../platform/domain/decider.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import { causedBy } from '../../../../platform/event-store/new-event.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { CaptureHold } from '../../../wallet/contracts/wallet-commands.js';
import type { Targeting } from '../../contracts/campaign-events.js';
import { leadStream, type LeadEvent, type PassOverReason } from '../../contracts/lead-events.js';
import { targetingTakes } from '../../domain/campaign.decider.js';
import { buyersOf, leadDecider, openOffer, type LeadState, type Offer } from '../../domain/lead.decider.js';
import { DecideCampaign } from '../change-campaign/change-campaign.handler.js';
import { DecideLead } from '../decide-lead/decide-lead.handler.js';

export type LeadReceivedEvent = JsonEvent & Extract<LeadEvent, { type: 'LeadReceived' }>;

/** Exclusive leads go to one campaign; shared ones to at most three, each a different agent. */
export const maxBuyersOf = (tier: string) => (tier === 'exclusive' ? 1 : 3);

type Candidate = { campaignId: string; ownerId: string; targeting: Targeting };

/** Sells a received lead to the campaigns that want it (started from the stored LeadReceived). */
export class AllocateLead extends Command<void> {
  constructor(readonly received: LeadReceivedEvent) {
    super();
  }
}

/**
 * Allocation, exactly once (issue 10): the lead is offered to one running campaign of its
 * source and tier at a time, the one that waited longest first, at the price of the price
 * table then. Each offer is a process across three streams, every step keyed by the lead:
 * the lead records the offer; the campaign reserves it (its caps); the owner's wallet captures
 * the price from the campaign's hold; then the campaign and the lead record the sale. A
 * refusal at any step declines the offer and the next campaign gets it. A crash anywhere
 * leaves an open offer on the lead's stream, which the job's retry finishes first, so no lead
 * is lost and none is charged twice.
 */
@CommandHandler(AllocateLead)
export class AllocateLeadHandler implements ICommandHandler<AllocateLead, void> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ received }: AllocateLead): Promise<void> {
    const lead = received.data;
    if (lead.duplicateOf) return;
    const context = causedBy(received, { type: 'system', id: 'lead-allocation' });
    const decideLead = (command: ConstructorParameters<typeof DecideLead>[0], key: string) => this.commands.execute(new DecideLead(command, context, key));
    const maxBuyers = maxBuyersOf(lead.tier);
    const passedOver: { campaignId: string; reason: PassOverReason }[] = [];
    let state = await this.leadState(lead.leadId);
    if (state.allocated) return;
    const finish = async (offer: Offer) => {
      const reason = await this.sell(offer, lead, context);
      if (reason) passedOver.push({ campaignId: offer.campaignId, reason });
      state = reason
        ? await decideLead({ type: 'DeclineOffer', leadId: lead.leadId, campaignId: offer.campaignId, reason }, `decline:${offer.campaignId}`)
        : await decideLead({ type: 'RecordSale', leadId: lead.leadId, campaignId: offer.campaignId }, `sale:${offer.campaignId}`);
    };
    const resumed = openOffer(state);
    if (resumed) await finish(resumed);

    const candidates = await this.candidates(lead.source, lead.tier);
    for (const candidate of candidates) {
      // The campaigns after the last buyer are not recorded: "why no leads?" reads them as sold out.
      if (buyersOf(state).length >= maxBuyers) break;
      if (state.offers.some((offer) => offer.campaignId === candidate.campaignId)) continue;
      if (buyersOf(state).some((offer) => offer.ownerId === candidate.ownerId)) {
        passedOver.push({ campaignId: candidate.campaignId, reason: 'already_owned' });
        continue;
      }
      const taken = targetingTakes(candidate.targeting, { state: lead.state }, new Date());
      if (!taken.takes) {
        passedOver.push({ campaignId: candidate.campaignId, reason: taken.reason });
        continue;
      }
      const priceCents = await this.priceOf(lead.source, lead.tier);
      state = await decideLead({ type: 'Offer', leadId: lead.leadId, campaignId: candidate.campaignId, ownerId: candidate.ownerId, priceCents, maxBuyers }, `offer:${candidate.campaignId}`);
      await finish(openOffer(state)!);
    }
    await decideLead({ type: 'FinishAllocation', leadId: lead.leadId, passedOver }, 'finish');
  }

  /** Reserve on the campaign, capture on the wallet, confirm on the campaign; the reason the campaign did not buy, or null when it did. */
  private async sell(offer: Offer, lead: LeadReceivedEvent['data'], context: ReturnType<typeof causedBy>): Promise<PassOverReason | null> {
    const { campaignId, ownerId, priceCents } = offer;
    const leadId = lead.leadId;
    try {
      await this.commands.execute(new DecideCampaign({ type: 'ReserveLead', campaignId, leadId, leadState: lead.state, priceCents }, context, `reserve:${leadId}`, 20));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'CAMPAIGN_PASSED_OVER') return error.details!.reason as PassOverReason;
      if (error instanceof DomainError && error.code === 'CAMPAIGN_NOT_FOUND') return 'paused';
      throw error;
    }
    try {
      await this.commands.execute(
        new CaptureHold({
          userId: ownerId,
          holdId: campaignId,
          captureId: leadId,
          amountCents: priceCents,
          cause: { kind: 'lead', id: leadId },
          description: `Lead: ${lead.firstName} ${lead.lastName.slice(0, 1)}. (${lead.state})`,
          context,
          idempotencyKey: `capture:${leadId}`,
        }),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The hold is used up, closed or expired: the campaign is out of budget for this lead.
      await this.commands.execute(new DecideCampaign({ type: 'ReleaseReservation', campaignId, leadId, reason: error.message }, context, `release:${leadId}`, 20));
      return 'budget';
    }
    await this.commands.execute(new DecideCampaign({ type: 'ConfirmPurchase', campaignId, leadId, priceCents }, context, `confirm:${leadId}`, 20));
    return null;
  }

  private async leadState(leadId: string): Promise<LeadState> {
    return fold(leadDecider, (await this.store.readStream(leadStream(leadId))) as unknown as LeadEvent[]);
  }

  /** Running campaigns of the lead's kind, the one that bought least recently first (then the oldest). */
  private async candidates(source: string, tier: string): Promise<Candidate[]> {
    const { rows } = await this.pool.query<{ campaign_id: string; owner_id: string; targeting: Targeting }>(
      `SELECT campaign_id, owner_id, targeting FROM rm_campaigns WHERE status = 'active' AND source = $1 AND tier = $2
        ORDER BY last_bought_at NULLS FIRST, created_at, campaign_id LIMIT 500`,
      [source, tier],
    );
    return rows.map((row) => ({ campaignId: row.campaign_id, ownerId: row.owner_id, targeting: row.targeting }));
  }

  private async priceOf(source: string, tier: string): Promise<number> {
    const { rows } = await this.pool.query<{ price_cents: number }>('SELECT price_cents FROM lead_prices WHERE source = $1 AND tier = $2', [source, tier]);
    if (!rows[0]) throw new Error(`No lead price for ${source}/${tier}: an admin sets it on the prices page`);
    return rows[0].price_cents;
  }
}
