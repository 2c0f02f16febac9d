import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import { stepFrom } from '../../../../platform/processes/process-step.js';
import { IncreaseHold, PlaceHold, ReleaseHold } from '../../../wallet/contracts/wallet-commands.js';
import type { CampaignEvent } from '../../contracts/campaign-events.js';
import { purchaseRefusalMessage } from '../../domain/purchase-messages.js';
import { DecideCampaign } from '../change-campaign/change-campaign.handler.js';

export type CampaignWalletEvent = JsonEvent & Extract<CampaignEvent, { type: 'CampaignCreated' | 'BudgetRaiseRequested' | 'BudgetLowered' | 'CampaignEnded' }>;

/** The wallet's side of a campaign event: started by the job dispatcher from the stored event. */
export class CampaignWalletStep extends Command<void> {
  constructor(readonly event: CampaignWalletEvent) {
    super();
  }
}

/**
 * The process between a campaign and its owner's wallet (money.md, "Streams and
 * consistency"): the budget is a hold with the campaign's id. A created campaign asks the
 * wallet to hold its budget and records whether it did; a raise asks for more and records
 * the answer; a lowered budget and an ended campaign release money, which never fails. Each
 * step's keys derive from the campaign event, so a job that runs twice moves money once, and
 * a refusal of the wallet is an answer recorded, not an error retried.
 */
@CommandHandler(CampaignWalletStep)
export class CampaignWalletStepHandler implements ICommandHandler<CampaignWalletStep, void> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ event }: CampaignWalletStep): Promise<void> {
    const step = stepFrom(event);
    const { campaignId, ownerId } = event.data;
    const wallet = { userId: ownerId, holdId: campaignId };
    const record = (command: ConstructorParameters<typeof DecideCampaign>[0]) =>
      this.commands.execute(new DecideCampaign(command, step.context, step.idempotencyKey, step.conflictRetries));
    switch (event.type) {
      case 'CampaignCreated': {
        const refusal = await refusalOf(() =>
          this.commands.execute(
            new PlaceHold({ ...wallet, amountCents: event.data.budgetCents, cause: { kind: 'campaign', id: campaignId } }, step.context, step.idempotencyKey),
          ),
        );
        await record({ type: 'RecordFunding', campaignId, outcome: refusal ? { funded: false, reason: refusal } : { funded: true } });
        return;
      }
      case 'BudgetRaiseRequested': {
        const refusal = await refusalOf(() =>
          this.commands.execute(new IncreaseHold({ ...wallet, amountCents: event.data.amountCents }, step.context, step.idempotencyKey)),
        );
        await record({
          type: 'RecordRaise',
          campaignId,
          requestId: event.data.requestId,
          outcome: refusal ? { raised: false, reason: refusal } : { raised: true },
        });
        return;
      }
      case 'BudgetLowered': {
        const release = (amountCents?: number) =>
          this.commands.execute(
            new ReleaseHold({ ...wallet, amountCents, close: false, reason: 'Campaign budget lowered' }, step.context, step.idempotencyKey),
          );
        try {
          await release(event.data.amountCents);
        } catch (error) {
          // Leads bought since the budget was checked: release what is left, the rest was spent.
          if (!(error instanceof DomainError) || error.code !== 'HOLD_RELEASE_TOO_LARGE') throw error;
          await release(Number(error.details?.remainingCents ?? 0));
        }
        return;
      }
      case 'CampaignEnded':
        await this.commands.execute(new ReleaseHold({ ...wallet, close: true, reason: 'Campaign ended' }, step.context, step.idempotencyKey));
        return;
    }
  }
}

/** The wallet's refusal in its own words (a DomainError), or null when it did as asked; anything else is thrown for the job to retry. */
async function refusalOf(step: () => Promise<unknown>): Promise<string | null> {
  try {
    await step();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return purchaseRefusalMessage(error);
  }
}
