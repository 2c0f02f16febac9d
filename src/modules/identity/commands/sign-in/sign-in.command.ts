import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { SignInRequest } from './sign-in.request.js';

export type SignInResult = { readonly userId: string; readonly email: string; readonly token: string; readonly csrfToken: string; readonly expiresAt: Date };

/** Someone signs in with e-mail and password; the answer holds the new session. */
export class SignIn extends Command<SignInResult> {
  constructor(
    readonly input: SignInRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}
