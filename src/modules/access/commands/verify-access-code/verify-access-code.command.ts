import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type VerifiedAccessCode = { readonly expiresAt: Date };

/** A signed-in agent (the context's actor) types an access code; the context's client is recorded with every attempt. */
export class VerifyAccessCode extends Command<VerifiedAccessCode> {
  constructor(
    readonly input: { readonly code: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
