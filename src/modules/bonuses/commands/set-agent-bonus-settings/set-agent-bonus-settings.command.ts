import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AgentBonusSettings } from '../../contracts/bonus-events.js';

/** An admin (the context's actor) sets an agent's agent number, commission role, program start and blue-report track. */
export class SetAgentBonusSettings extends Command<AgentBonusSettings> {
  constructor(
    readonly input: AgentBonusSettings & { readonly userId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
