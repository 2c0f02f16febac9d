import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { Actor, EventStore } from '../../../../platform/event-store/event-store.port.js';
import { requestContext } from '../../../../platform/event-store/new-event.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { accessCodeStream } from '../../contracts/access-streams.js';
import { generateAccessCode, hashAccessCode } from '../../domain/access-code-format.js';
import { accessCodeDecider } from '../../domain/access-code.decider.js';

export type NewAccessCode = { label: string; grantsHours: number; expiresAt: Date | null; maxUses: number | null };
export type CreatedAccessCode = { codeId: string; code: string };

export class CreateAccessCode extends Command<CreatedAccessCode> {
  constructor(
    readonly by: Actor,
    readonly input: NewAccessCode,
    readonly requestId: string,
  ) {
    super();
  }
}

/** Creates a code and returns it: the only time anyone sees it. */
@CommandHandler(CreateAccessCode)
export class CreateAccessCodeHandler implements ICommandHandler<CreateAccessCode, CreatedAccessCode> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ by, input, requestId }: CreateAccessCode): Promise<CreatedAccessCode> {
    const codeId = randomUUID();
    const code = generateAccessCode();
    await handleCommand({
      store: this.store,
      streamId: accessCodeStream(codeId),
      decider: accessCodeDecider,
      command: { type: 'CreateAccessCode', codeId, codeHash: hashAccessCode(code), ...input, adminId: by.id },
      context: requestContext(by, requestId),
    });
    return { codeId, code };
  }
}
