import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { DemoPayOutcome } from '../../adapters/demo/demo-checkout-sessions.js';

/** The bank's authentication step on the demo provider's page (4000 0025 0000 3155): Authenticate or Fail. */
export class AuthenticateDemoPayment extends Command<DemoPayOutcome> {
  constructor(
    readonly input: { readonly sessionId: string; readonly outcome: 'authenticate' | 'fail' },
    readonly context: CommandContext,
  ) {
    super();
  }
}
