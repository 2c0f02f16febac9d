import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { EmailLinkInput } from '../../services/email-link.js';

/** Someone asks for a new link that confirms their address. */
export class ResendConfirmationEmail extends Command<void> {
  constructor(
    readonly input: EmailLinkInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
