import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { ownsCampaigns } from '../../../marketplace/contracts/lead-directory.js';
import { DeliverySender } from '../../delivery/delivery-sender.js';
import type { Destinations } from '../../delivery/destinations.js';
import { SetIntegrationDestinations } from './set-integration-destinations.command.js';

/** Which of the agent's leads go to one of their integrations; the campaigns chosen must be the agent's own. */
@CommandHandler(SetIntegrationDestinations)
export class SetIntegrationDestinationsHandler implements ICommandHandler<SetIntegrationDestinations, { destinations: Destinations }> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    private readonly sender: DeliverySender,
  ) {}

  async execute({ input: { integrationId, destinations }, context }: SetIntegrationDestinations): Promise<{ destinations: Destinations }> {
    const userId = context.actor.id;
    if (destinations.campaignIds?.length) {
      if (!(await ownsCampaigns(this.pool, userId, destinations.campaignIds)))
        throw new DomainError('CAMPAIGN_NOT_FOUND', 'Choose campaigns from your own list.', 400);
    }
    const { rowCount } = await this.pool.query(
      'UPDATE integration_configs SET destinations = $3, updated_at = now() WHERE integration_id = $1 AND user_id = $2',
      [integrationId, userId, JSON.stringify(destinations)],
    );
    if (!rowCount) throw new DomainError('INTEGRATION_NOT_FOUND', 'No such integration.', 404);
    this.sender.publish(userId);
    return { destinations };
  }
}
