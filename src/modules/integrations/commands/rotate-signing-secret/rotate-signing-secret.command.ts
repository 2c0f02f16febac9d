import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type SigningSecretRotated = {
  readonly integrationId: string;
  /** The new secret, answered this once and never again. */
  readonly signingSecret: string;
  /** Until when the secret it replaced keeps signing beside it (ISO time). */
  readonly previousValidUntil: string;
};

/** The signed-in agent (the actor) replaces the webhook signing secret of one of their integrations (OnlySales, a custom API one). */
export class RotateSigningSecret extends Command<SigningSecretRotated> {
  constructor(
    readonly input: { readonly integrationId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
