import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { PrepRegistered } from '../../contracts/prep-form.js';

/** The address's owner follows the mailed link: the registration, or the change, it was sent for takes effect. */
export class ConfirmPrepRegistration extends Command<PrepRegistered> {
  constructor(
    readonly input: { readonly token: string },
    readonly context: CommandContext,
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}
