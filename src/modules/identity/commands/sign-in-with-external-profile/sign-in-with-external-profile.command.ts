import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { ExternalProfile } from './oidc-providers.js';

export type ExternalSignInResult = { readonly userId: string; readonly email: string; readonly token: string; readonly expiresAt: Date };

/** Someone signs in with the profile Microsoft or Google returned; the answer holds the new session. */
export class SignInWithExternalProfile extends Command<ExternalSignInResult> {
  constructor(
    readonly input: ExternalProfile,
    readonly context: CommandContext,
  ) {
    super();
  }
}
