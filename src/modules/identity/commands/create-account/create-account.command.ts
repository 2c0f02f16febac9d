import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { NewAccount } from '../../services/insert-account.js';

/** An admin makes an account, optionally a SAT leader; its owner is mailed a link to set the password. */
export class CreateAccount extends Command<{ userId: string }> {
  constructor(
    readonly input: NewAccount & { readonly satLeader: boolean },
    readonly context: CommandContext,
  ) {
    super();
  }
}
