import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';

import { fold } from '../../../../platform/domain/decider.js';
import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { AllPosition, EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import { awaitReadModel } from '../../../../platform/projections/await-read-model.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { CaptureHold } from '../../../wallet/contracts/wallet-commands.js';
import type { Targeting } from '../../contracts/campaign-events.js';
import { leadStream, type LeadEvent, type PassOverReason } from '../../contracts/lead-events.js';
import { targetingTakes } from '../../domain/campaign.decider.js';
import { buyersOf, leadDecider, openOffers, type Offer, type OfferOutcome, type PassedOver } from '../../domain/lead.decider.js';
import { leadPriceCents } from '../../services/lead-prices.js';
import { OfferLead } from '../offer-lead/offer-lead.command.js';
import { ReleaseCampaignReservation } from '../release-campaign-reservation/release-campaign-reservation.command.js';
import { ReserveCampaignLead } from '../reserve-campaign-lead/reserve-campaign-lead.command.js';
import { SettleLeadOffers } from '../settle-lead-offers/settle-lead-offers.command.js';
import { AllocateLead, type LeadReceivedEvent } from './allocate-lead.command.js';

/** Exclusive leads go to one campaign; shared ones to at most three, each a different agent. */
export const maxBuyersOf = (tier: string) => (tier === 'exclusive' ? 1 : 3);

type Candidate = { campaignId: string; ownerId: string; targeting: Targeting };
type CampaignRow = { campaign_id: string; owner_id: string; targeting: Targeting; last_bought_at: Date | null };
const SHARED_READ_KEPT_MS = 1_000;
/** The campaigns read model's events that make a campaign take a lead it did not take before. */
const CAMPAIGN_OPENINGS = ['CampaignFunded', 'CampaignResumed', 'CampaignSettingsChanged'] as const;
/** How long an allocation waits for the campaigns read model to reach its lead before it goes by what it has. */
const CAMPAIGNS_WAIT_MS = 10_000;

/**
 * Allocation, exactly once: the lead is offered to running campaigns of its source
 * and tier, those that waited longest first, at the price of the price table then, as many at
 * once as its tier has places left. Each offer is a process across three streams, every step
 * keyed by the lead: the lead records the offers; each campaign reserves it (its caps) and its
 * owner's wallet captures the price from the campaign's hold, side by side for the different
 * buyers; then the lead records what became of each. A refusal at any step declines that
 * offer and the next campaigns get the places left. A crash anywhere leaves open offers on the
 * lead's stream, which the job's retry finishes first, so no lead is lost and none is charged
 * twice.
 */
@CommandHandler(AllocateLead)
export class AllocateLeadHandler implements ICommandHandler<AllocateLead, void> {
  constructor(
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  /** When this process last offered a lead to each campaign: newer than the read model's last purchase while allocations run side by side. */
  private readonly offeredAt = new LRUCache<string, number>({ max: 20_000 });
  private readonly campaignReads = new Map<string, { startedAt: number; read: Promise<readonly CampaignRow[]> }>();

  private readonly logger = new Logger('AllocateLead');

  async execute({ input: lead, context }: AllocateLead): Promise<void> {
    if (lead.duplicateOf) return;
    const maxBuyers = maxBuyersOf(lead.tier);
    const passedOver: PassedOver[] = [];
    const stored = await this.store.readStream(leadStream(lead.leadId));
    let state = fold(leadDecider, stored as unknown as LeadEvent[]);
    if (state.allocated) return;
    /** Sells to each offer side by side, then records what became of them (and, when `last`, the end). */
    const settle = async (offers: readonly Offer[], last: boolean) => {
      if (offers.length === 0) return;
      const outcomes: OfferOutcome[] = await Promise.all(
        offers.map(async (offer) => ({ campaignId: offer.campaignId, declined: await this.sell(offer, lead, context) })),
      );
      for (const { campaignId, declined } of outcomes) if (declined) passedOver.push({ campaignId, reason: declined });
      const full = buyersOf(state).length + outcomes.filter((outcome) => outcome.declined === null).length >= maxBuyers;
      const finish = last || full ? { passedOver } : null;
      state = await this.commands.execute(new SettleLeadOffers({ leadId: lead.leadId, outcomes, finish }, context, `settle:${offers[0]!.campaignId}`));
    };
    const resumed = openOffers(state);
    if (resumed.length > 0) await settle(resumed, false);

    if (stored[0]) await this.campaignsUpTo(stored[0].position, lead.leadId);
    const candidates = await this.candidates(lead.source, lead.tier, performance.now());
    const priceCents = candidates.length > 0 ? await this.priceOf(lead.source, lead.tier) : 0;
    let next = 0;
    const now = new Date();
    while (!state.allocated) {
      // The campaigns after the last buyer are not recorded: "why no leads?" reads them as sold out.
      const round: Candidate[] = [];
      const places = maxBuyers - buyersOf(state).length;
      while (round.length < places && next < candidates.length) {
        const candidate = candidates[next++]!;
        if (state.offers.some((offer) => offer.campaignId === candidate.campaignId)) continue;
        if ([...buyersOf(state), ...round].some((taken) => taken.ownerId === candidate.ownerId)) {
          passedOver.push({ campaignId: candidate.campaignId, reason: 'already_owned' });
          continue;
        }
        const taken = targetingTakes(candidate.targeting, { state: lead.state }, now);
        if (!taken.takes) {
          passedOver.push({ campaignId: candidate.campaignId, reason: taken.reason });
          continue;
        }
        round.push(candidate);
        this.offeredAt.set(candidate.campaignId, Date.now());
      }
      if (round.length === 0) {
        await this.commands.execute(new SettleLeadOffers({ leadId: lead.leadId, outcomes: [], finish: { passedOver } }, context, 'finish'));
        return;
      }
      const offers = round.map(({ campaignId, ownerId }) => ({ campaignId, ownerId }));
      state = await this.commands.execute(new OfferLead({ leadId: lead.leadId, offers, priceCents, maxBuyers }, context, `offer:${round[0]!.campaignId}`));
      await settle(
        state.offers.filter((offer) => offer.status === 'open' && round.some((candidate) => candidate.campaignId === offer.campaignId)),
        next >= candidates.length,
      );
    }
  }

  /** Reserve on the campaign (the purchase, unless the capture fails), capture on the wallet; the reason the campaign did not buy, or null when it did. */
  private async sell(offer: Offer, lead: LeadReceivedEvent['data'], context: CommandContext): Promise<PassOverReason | null> {
    const { campaignId, ownerId, priceCents } = offer;
    const leadId = lead.leadId;
    try {
      await this.commands.execute(new ReserveCampaignLead({ campaignId, leadId, leadState: lead.state, priceCents }, context, `reserve:${leadId}`));
    } catch (error) {
      if (error instanceof DomainError && error.code === 'CAMPAIGN_PASSED_OVER') return error.details!.reason as PassOverReason;
      if (error instanceof DomainError && error.code === 'CAMPAIGN_NOT_FOUND') return 'paused';
      throw error;
    }
    try {
      await this.commands.execute(
        new CaptureHold(
          {
            userId: ownerId,
            holdId: campaignId,
            captureId: leadId,
            amountCents: priceCents,
            cause: { kind: 'lead', id: leadId },
            description: `Lead: ${lead.firstName} ${lead.lastName.slice(0, 1)}. (${lead.state})`,
          },
          context,
          `capture:${leadId}`,
        ),
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The hold is used up, closed or expired: the campaign is out of budget for this lead.
      await this.commands.execute(new ReleaseCampaignReservation({ campaignId, leadId, reason: error.message }, context, `release:${leadId}`));
      return 'budget';
    }
    return null;
  }

  /** Waits until the campaigns read model shows every campaign opened before the lead came, so none of them misses it. */
  private async campaignsUpTo(receivedAt: AllPosition, leadId: string): Promise<void> {
    const caughtUp = await awaitReadModel(this.store, this.pool, {
      subscriber: 'campaigns',
      eventTypes: CAMPAIGN_OPENINGS,
      before: receivedAt,
      timeoutMs: CAMPAIGNS_WAIT_MS,
    });
    if (!caughtUp) this.logger.warn(`Lead ${leadId} is allocated from a campaigns read model still ${CAMPAIGNS_WAIT_MS / 1000} s behind it`);
  }

  /**
   * Running campaigns of the lead's kind, the one that waited longest first (then the oldest):
   * waiting since its last purchase in the read model, or since this process last offered it a
   * lead when that is later. Leads allocated side by side then go to different campaigns,
   * where by the read model alone (a moment behind) they would all queue for the same few.
   */
  private async candidates(source: string, tier: string, since: number): Promise<Candidate[]> {
    const rows = await this.runningCampaigns(source, tier, since);
    const waitingSince = (row: (typeof rows)[number]) => Math.max(row.last_bought_at?.getTime() ?? -Infinity, this.offeredAt.get(row.campaign_id) ?? -Infinity);
    // A stable sort: campaigns waiting since the same moment keep the read model's order.
    return rows
      .map((row) => ({ row, since: waitingSince(row) }))
      .sort((a, b) => (a.since === b.since ? 0 : a.since < b.since ? -1 : 1))
      .map(({ row }) => ({ campaignId: row.campaign_id, ownerId: row.owner_id, targeting: row.targeting }));
  }

  /**
   * The read model's running campaigns of a kind. Allocations side by side share a read, but
   * only one begun after their own start, so none misses a campaign that was running before
   * its lead came. (A campaign paused, retargeted or capped since is refused where it reserves
   * the lead, on its own stream.)
   */
  private runningCampaigns(source: string, tier: string, since: number): Promise<readonly CampaignRow[]> {
    const key = `${source}/${tier}`;
    const shared = this.campaignReads.get(key);
    if (shared && shared.startedAt >= since) return shared.read;
    const startedAt = performance.now();
    const read = this.pool
      .query<CampaignRow>(
        `SELECT campaign_id, owner_id, targeting, last_bought_at FROM rm_campaigns WHERE status = 'active' AND source = $1 AND tier = $2
          ORDER BY last_bought_at NULLS FIRST, created_at, campaign_id LIMIT 500`,
        [source, tier],
      )
      .then(({ rows }) => rows);
    this.campaignReads.set(key, { startedAt, read });
    const forget = () => {
      if (this.campaignReads.get(key)?.read === read) this.campaignReads.delete(key);
    };
    // Kept for allocations that start while it runs; a newer one replaces it.
    read.then(() => setTimeout(forget, SHARED_READ_KEPT_MS), forget);
    return read;
  }

  private async priceOf(source: string, tier: string): Promise<number> {
    const price = await leadPriceCents(this.pool, source, tier);
    if (price === null) throw new Error(`No lead price for ${source}/${tier}: an admin sets it on the prices page`);
    return price;
  }
}
