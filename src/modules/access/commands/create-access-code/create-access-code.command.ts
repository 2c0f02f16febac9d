import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type NewAccessCode = { label: string; grantsHours: number; expiresAt: Date | null; maxUses: number | null };
export type CreatedAccessCode = { codeId: string; code: string };

/** An admin (or the demo seed, or the operator's CLI: the context's actor) creates a code. */
export class CreateAccessCode extends Command<CreatedAccessCode> {
  constructor(
    readonly input: NewAccessCode,
    readonly context: CommandContext,
  ) {
    super();
  }
}
