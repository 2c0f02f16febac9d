import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { SendLeadsAnswer, SendLeadsExtra } from '../../delivery/lead-sender.js';

/**
 * The test page's send-leads-to-vanillasoft: leads by their numbers to a VanillaSoft web-lead
 * profile, either the admin's own connected VanillaSoft integration (posting null: what the
 * testing page sends) or one given with the request.
 */
export class SendLeadsToVanillaSoft extends Command<SendLeadsAnswer> {
  constructor(
    readonly input: {
      readonly leadNumbers: readonly number[];
      readonly posting: { readonly postingUrl: string; readonly fieldMappings: Record<string, string> } | null;
      readonly extra: SendLeadsExtra;
    },
    readonly context: CommandContext,
  ) {
    super();
  }
}
