import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { PlaceHold } from '../../../wallet/contracts/wallet-commands.js';
import { refusalOf } from '../../services/wallet-refusal.js';
import { RecordCampaignFunding } from '../record-campaign-funding/record-campaign-funding.command.js';
import { FundCampaign } from './fund-campaign.command.js';

@CommandHandler(FundCampaign)
export class FundCampaignHandler implements ICommandHandler<FundCampaign, void> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ input: { campaignId, ownerId, budgetCents }, context, idempotencyKey }: FundCampaign): Promise<void> {
    const refusal = await refusalOf(() =>
      this.commands.execute(
        new PlaceHold({ userId: ownerId, holdId: campaignId, amountCents: budgetCents, cause: { kind: 'campaign', id: campaignId } }, context, idempotencyKey),
      ),
    );
    await this.commands.execute(
      new RecordCampaignFunding({ campaignId, outcome: refusal ? { funded: false, reason: refusal } : { funded: true } }, context, idempotencyKey),
    );
  }
}
