import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { userRequestContext } from '../../../../platform/event-store/new-event.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { accessCodeStream } from '../../contracts/access-streams.js';
import { accessCodeDecider } from '../../domain/access-code.decider.js';

export class DisableAccessCode extends Command<void> {
  constructor(
    readonly adminId: string,
    readonly codeId: string,
    readonly requestId: string,
  ) {
    super();
  }
}

/** A disabled code no longer unlocks anything; redemptions already decided stand. */
@CommandHandler(DisableAccessCode)
export class DisableAccessCodeHandler implements ICommandHandler<DisableAccessCode, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ adminId, codeId, requestId }: DisableAccessCode): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: accessCodeStream(codeId),
      decider: accessCodeDecider,
      command: { type: 'DisableAccessCode', adminId },
      context: userRequestContext(adminId, requestId),
    });
  }
}
