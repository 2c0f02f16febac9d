import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { SecurityEventRecorded } from '../../contracts/security-events.js';

/** A recorded security event, with the stored event's id, time and correlation. */
export type EvaluateSecurityEventInput = SecurityEventRecorded['data'] & {
  readonly eventId: string;
  readonly occurredAt: string;
  readonly correlationId: string;
};

export type RaisedAlert = { alertId: string; alertType: string; subject: string; eventCount: number };

/** Counts a security event towards its thresholds and raises an alert when one is reached. */
export class EvaluateSecurityEvent extends Command<RaisedAlert[]> {
  constructor(
    readonly input: EvaluateSecurityEventInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
