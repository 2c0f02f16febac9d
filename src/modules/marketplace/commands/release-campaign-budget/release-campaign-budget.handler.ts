import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { ReleaseHold } from '../../../wallet/contracts/wallet-commands.js';
import { ReleaseCampaignBudget } from './release-campaign-budget.command.js';

@CommandHandler(ReleaseCampaignBudget)
export class ReleaseCampaignBudgetHandler implements ICommandHandler<ReleaseCampaignBudget, void> {
  constructor(private readonly commands: CommandBus) {}

  async execute({ input: { campaignId, ownerId }, context, idempotencyKey }: ReleaseCampaignBudget): Promise<void> {
    await this.commands.execute(new ReleaseHold({ userId: ownerId, holdId: campaignId, close: true, reason: 'Campaign ended' }, context, idempotencyKey));
  }
}
