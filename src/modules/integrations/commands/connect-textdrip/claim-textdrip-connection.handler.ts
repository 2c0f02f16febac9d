import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { TextdripConnections, type Claim } from './textdrip-connections.js';

/** claim_textdrip_connection: what became of the connection the agent's window opened with this network id (null: none such). */
export class ClaimTextdripConnection extends Command<Claim | null> {
  constructor(
    readonly userId: string,
    readonly networkId: string,
  ) {
    super();
  }
}

@CommandHandler(ClaimTextdripConnection)
export class ClaimTextdripConnectionHandler implements ICommandHandler<ClaimTextdripConnection> {
  constructor(private readonly connections: TextdripConnections) {}
  execute({ userId, networkId }: ClaimTextdripConnection) {
    return this.connections.claim(userId, networkId);
  }
}
