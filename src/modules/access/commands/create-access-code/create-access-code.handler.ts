import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { accessCodeStream } from '../../contracts/access-streams.js';
import { generateAccessCode, hashAccessCode } from '../../domain/access-code-format.js';
import { accessCodeDecider } from '../../domain/access-code.decider.js';
import { CreateAccessCode, type CreatedAccessCode } from './create-access-code.command.js';

/** Creates a code and returns it: the only time anyone sees it. */
@CommandHandler(CreateAccessCode)
export class CreateAccessCodeHandler implements ICommandHandler<CreateAccessCode, CreatedAccessCode> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input, context }: CreateAccessCode): Promise<CreatedAccessCode> {
    const codeId = randomUUID();
    const code = generateAccessCode();
    await handleCommand({
      store: this.store,
      streamId: accessCodeStream(codeId),
      decider: accessCodeDecider,
      command: { type: 'CreateAccessCode', codeId, codeHash: hashAccessCode(code), ...input, adminId: context.actor.id },
      context,
    });
    return { codeId, code };
  }
}
