import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { Destinations } from '../../delivery/destinations.js';
import { LeadDeliveries, type AttemptResult } from '../../delivery/lead-deliveries.js';

/** Send one of the agent's deliveries again now. */
export class ResendDelivery extends Command<{ deliveryId: string; attempt: number }> {
  constructor(
    readonly userId: string,
    readonly deliveryId: string,
  ) {
    super();
  }
}

/** Send every failed or held delivery of one of the agent's integrations since a time again. */
export class ResendFailedDeliveries extends Command<{ resent: number }> {
  constructor(
    readonly userId: string,
    readonly integrationId: string,
    readonly since: Date,
  ) {
    super();
  }
}

/** Send a sample lead to one of the agent's integrations now, and answer what it said. */
export class TestSendLead extends Command<AttemptResult & { sentAt: string }> {
  constructor(
    readonly userId: string,
    readonly integrationId: string,
  ) {
    super();
  }
}

/** Turn an integration that was turned off for failing back on, replaying what it missed or not. */
export class EnableIntegration extends Command<{ replayed: number; skipped: number }> {
  constructor(
    readonly userId: string,
    readonly integrationId: string,
    readonly replay: boolean,
  ) {
    super();
  }
}

/** Choose which of the agent's leads go to one of their integrations. */
export class SetDestinations extends Command<{ destinations: Destinations }> {
  constructor(
    readonly userId: string,
    readonly integrationId: string,
    readonly destinations: Destinations,
  ) {
    super();
  }
}

@CommandHandler(ResendDelivery)
export class ResendDeliveryHandler implements ICommandHandler<ResendDelivery> {
  constructor(private readonly deliveries: LeadDeliveries) {}
  execute({ userId, deliveryId }: ResendDelivery) {
    return this.deliveries.resend(userId, deliveryId);
  }
}

@CommandHandler(ResendFailedDeliveries)
export class ResendFailedDeliveriesHandler implements ICommandHandler<ResendFailedDeliveries> {
  constructor(private readonly deliveries: LeadDeliveries) {}
  execute({ userId, integrationId, since }: ResendFailedDeliveries) {
    return this.deliveries.resendFailed(userId, integrationId, since);
  }
}

@CommandHandler(TestSendLead)
export class TestSendLeadHandler implements ICommandHandler<TestSendLead> {
  constructor(private readonly deliveries: LeadDeliveries) {}
  execute({ userId, integrationId }: TestSendLead) {
    return this.deliveries.testSend(userId, integrationId);
  }
}

@CommandHandler(EnableIntegration)
export class EnableIntegrationHandler implements ICommandHandler<EnableIntegration> {
  constructor(private readonly deliveries: LeadDeliveries) {}
  execute({ userId, integrationId, replay }: EnableIntegration) {
    return this.deliveries.enable(userId, integrationId, replay);
  }
}

@CommandHandler(SetDestinations)
export class SetDestinationsHandler implements ICommandHandler<SetDestinations> {
  constructor(private readonly deliveries: LeadDeliveries) {}
  execute({ userId, integrationId, destinations }: SetDestinations) {
    return this.deliveries.setDestinations(userId, integrationId, destinations);
  }
}

export const DELIVERY_COMMAND_HANDLERS = [
  ResendDeliveryHandler,
  ResendFailedDeliveriesHandler,
  TestSendLeadHandler,
  EnableIntegrationHandler,
  SetDestinationsHandler,
];
