import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { SendLeadsAnswer, SendLeadsExtra } from '../../delivery/lead-sender.js';

/**
 * The test page's send-leads-to-ringy: leads by their numbers to a Ringy account, either the
 * admin's own connected Ringy integration (credentials null: what the testing page sends) or an
 * account whose credentials come with the request (never stored).
 */
export class SendLeadsToRingy extends Command<SendLeadsAnswer> {
  constructor(
    readonly input: {
      readonly leadNumbers: readonly number[];
      readonly credentials: { readonly sid: string; readonly authToken: string } | null;
      readonly extra: SendLeadsExtra;
    },
    readonly context: CommandContext,
  ) {
    super();
  }
}
