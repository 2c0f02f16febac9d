import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { SessionStore } from '../../../../platform/auth/session-store.js';
import { SESSION_STORE } from '../../../../platform/tokens.js';
import { SignOut } from './sign-out.command.js';

/** Ends one session on the server at once. */
@CommandHandler(SignOut)
export class SignOutHandler implements ICommandHandler<SignOut, void> {
  constructor(@Inject(SESSION_STORE) private readonly sessions: SessionStore) {}

  async execute({ input: { sessionHash } }: SignOut): Promise<void> {
    await this.sessions.revoke(sessionHash);
  }
}
