import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { ROLE_DIRECTORY, type RoleDirectory } from '../../../../platform/auth/role-directory.port.js';
import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import type { FileStorage } from '../../../../platform/files/file-storage.port.js';
import { EVENT_STORE, FILE_STORAGE } from '../../../../platform/tokens.js';
import { ticketStream } from '../../contracts/support-streams.js';
import { ticketDecider } from '../../domain/ticket.decider.js';
import { acceptedTypeOf, sanitisedFileName } from '../../services/attachments.js';
import { ticketFor } from '../../services/ticket-access.js';
import { AttachTicketFile, type AttachedFile } from './attach-ticket-file.command.js';

/**
 * Keeps one file with the agent's own request, or with the actor's own reply (the agent's or an
 * admin's): typed by its bytes, stored under a key the server makes (`{userId}/{ticketId}/{fileId}`,
 * the ticket's agent), its original name kept as data. A file the ticket then refuses (another
 * upload took the last place) is removed again.
 */
@CommandHandler(AttachTicketFile)
export class AttachTicketFileHandler implements ICommandHandler<AttachTicketFile, AttachedFile> {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
    @Inject(ROLE_DIRECTORY) private readonly roles: RoleDirectory,
  ) {}

  async execute({ input, context }: AttachTicketFile): Promise<AttachedFile> {
    const actorId = context.actor.id;
    const name = sanitisedFileName(input.name);
    // Nothing is stored for a ticket that is not the actor's to add to.
    const ticket = await ticketFor(this.store, this.roles, input.ticketId, actorId);
    const contentType = await acceptedTypeOf(input.bytes, name);
    const fileId = randomUUID();
    const file = {
      fileId,
      key: `${ticket.userId}/${input.ticketId}/${fileId}`,
      name,
      contentType,
      size: input.bytes.length,
      ...(input.replyId ? { replyId: input.replyId } : {}),
    };
    await this.files.put(file.key, input.bytes, contentType);
    try {
      await handleCommand({
        store: this.store,
        streamId: ticketStream(input.ticketId),
        decider: ticketDecider,
        command: { type: 'AttachFile', actorId, file },
        context,
      });
    } catch (error) {
      await this.files.delete(file.key);
      throw error;
    }
    return { fileId, name, contentType, size: file.size, ...(file.replyId ? { replyId: file.replyId } : {}) };
  }
}
