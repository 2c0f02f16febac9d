import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { handleCommand } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE } from '../../../../platform/tokens.js';
import { accessCodeStream } from '../../contracts/access-streams.js';
import { accessCodeDecider } from '../../domain/access-code.decider.js';
import { DisableAccessCode } from './disable-access-code.command.js';

/** A disabled code no longer unlocks anything; redemptions already decided stand. */
@CommandHandler(DisableAccessCode)
export class DisableAccessCodeHandler implements ICommandHandler<DisableAccessCode, void> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ input: { codeId }, context }: DisableAccessCode): Promise<void> {
    await handleCommand({
      store: this.store,
      streamId: accessCodeStream(codeId),
      decider: accessCodeDecider,
      command: { type: 'DisableAccessCode', adminId: context.actor.id },
      context,
    });
  }
}
