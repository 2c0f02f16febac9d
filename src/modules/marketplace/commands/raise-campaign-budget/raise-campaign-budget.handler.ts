import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore, RecordedEvent } from '../../../../platform/event-store/event-store.port.js';
import { awaitStreamEvent } from '../../../../platform/processes/await-stream-event.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { campaignStream, type CampaignEvent } from '../../contracts/campaign-events.js';
import { campaignDecider } from '../../domain/campaign.decider.js';
import { FUNDING_WAIT_MS } from '../create-campaign/create-campaign.handler.js';
import { RaiseCampaignBudget, type RaiseCampaignBudgetAnswer } from './raise-campaign-budget.command.js';

type RaiseOutcome = Extract<CampaignEvent, { type: 'BudgetRaised' | 'BudgetRaiseRefused' }>;

@CommandHandler(RaiseCampaignBudget)
export class RaiseCampaignBudgetHandler implements ICommandHandler<RaiseCampaignBudget, RaiseCampaignBudgetAnswer> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context, idempotencyKey }: RaiseCampaignBudget): Promise<RaiseCampaignBudgetAnswer> {
    const streamId = campaignStream(input.campaignId);
    const result = await handleCommand({
      store: this.store,
      streamId,
      decider: campaignDecider,
      command: { type: 'RaiseBudget', ...input },
      context,
      idempotencyKey,
    });
    // Asked now: the outcome comes after this request. Asked before and still open: after now. Answered already: anywhere in the stream.
    const afterVersion =
      result.stored.length > 0 ? result.version - BigInt(result.stored.length) : input.requestId in result.state.pendingRaises ? result.version : 0n;
    const outcome = (await awaitStreamEvent(this.store, streamId, {
      afterVersion,
      match: (event: RecordedEvent) =>
        (event.type === 'BudgetRaised' || event.type === 'BudgetRaiseRefused') && (event.data as RaiseOutcome['data']).requestId === input.requestId,
      timeoutMs: FUNDING_WAIT_MS,
    })) as (RecordedEvent & RaiseOutcome) | null;
    if (!outcome) return { status: 'requested' };
    if (outcome.type === 'BudgetRaiseRefused') {
      throw new DomainError('BUDGET_RAISE_REFUSED', `The budget was not raised: ${outcome.data.reason}`, 422, { campaignId: input.campaignId });
    }
    return { status: 'raised' };
  }
}
