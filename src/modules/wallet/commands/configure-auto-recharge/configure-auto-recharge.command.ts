import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { AutoRechargeSettings, AutoRechargeState } from '../../domain/auto-recharge.decider.js';

export type ConfigureAutoRechargeInput = { readonly userId: string; readonly settings: AutoRechargeSettings };

/** An agent saves their auto-recharge settings; the card must be one of their saved cards. */
export class ConfigureAutoRecharge extends Command<AutoRechargeState> {
  constructor(
    readonly input: ConfigureAutoRechargeInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}
