import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { SignUpRequest } from './sign-up.request.js';

/** Someone signs up with an e-mail address, a password and their SAT leader. */
export class SignUp extends Command<{ userId: string }> {
  constructor(
    readonly input: SignUpRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}
