import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { SessionStore } from '../../../../platform/auth/session-store.js';
import { SESSION_STORE } from '../../../../platform/tokens.js';

export class SignOut extends Command<void> {
  constructor(readonly sessionHash: string) {
    super();
  }
}

/** Ends one session on the server at once. */
@CommandHandler(SignOut)
export class SignOutHandler implements ICommandHandler<SignOut, void> {
  constructor(@Inject(SESSION_STORE) private readonly sessions: SessionStore) {}

  async execute({ sessionHash }: SignOut): Promise<void> {
    await this.sessions.revoke(sessionHash);
  }
}
