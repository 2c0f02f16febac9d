import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';

export type AttachedFile = { fileId: string; name: string; contentType: string; size: number; replyId?: string };

/** The context's actor attaches one file (its bytes and the name it had) to their request, or to their reply (`replyId`). */
export class AttachTicketFile extends Command<AttachedFile> {
  constructor(
    readonly input: { readonly ticketId: string; readonly name: string; readonly bytes: Buffer; readonly replyId?: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
