import { Command } from '@nestjs/cqrs';

import type { CommandContext } from '../../../../platform/event-store/new-event.js';
import type { TextdripFailure } from '../connect-textdrip/textdrip-connections.js';

export type ClaimStatus = 'pending' | 'connected' | 'disconnected' | 'failed' | 'expired';
export type Claim = { readonly networkId: string; readonly status: ClaimStatus; readonly connected: boolean; readonly reason: TextdripFailure | null };

/** claim_textdrip_connection: what became of the connection the signed-in agent's (the actor's) window opened with this network id (null: none such). */
export class ClaimTextdripConnection extends Command<Claim | null> {
  constructor(
    readonly input: { readonly networkId: string },
    readonly context: CommandContext,
  ) {
    super();
  }
}
