import { Command } from '@nestjs/cqrs';

import type { JsonEvent } from '../../../../platform/event-store/json-event.js';
import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AccessCodeEvent } from '../../domain/access-code.decider.js';

export type RedemptionAnswer = JsonEvent & Extract<AccessCodeEvent, { type: 'AccessCodeRedeemed' | 'AccessCodeRedemptionRefused' }>;

/** The code's answer: its event's data, which answer it was, and when it was given. */
export type CompleteAccessCodeRedemptionInput = RedemptionAnswer['data'] & {
  readonly answer: RedemptionAnswer['type'];
  readonly answeredAt: string;
};

/** Step 3 of a redemption, from the code's stored answer (the key is the answer's id, from stepFrom). */
export class CompleteAccessCodeRedemption extends Command<void> {
  constructor(
    readonly input: CompleteAccessCodeRedemptionInput,
    readonly context: CommandContext,
    readonly idempotencyKey: string,
  ) {
    super();
  }
}
