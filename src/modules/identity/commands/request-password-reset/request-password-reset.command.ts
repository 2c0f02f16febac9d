import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { EmailLinkInput } from '../../services/email-link.js';

/** Someone asks for a link to set a new password. */
export class RequestPasswordReset extends Command<void> {
  constructor(
    readonly input: EmailLinkInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
