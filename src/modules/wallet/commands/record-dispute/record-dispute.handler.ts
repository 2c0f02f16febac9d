import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WalletAnswer } from '../../contracts/wallet-commands.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { RecordDispute } from './record-dispute.command.js';

/** A card dispute: opened takes the money back whatever the balance; won returns it (debt first); lost closes it. */
@CommandHandler(RecordDispute)
export class RecordDisputeHandler implements ICommandHandler<RecordDispute, WalletAnswer> {
  constructor(private readonly ledger: WalletLedger) {}

  execute({ input: i, context, idempotencyKey }: RecordDispute): Promise<WalletAnswer> {
    const command =
      i.outcome === 'opened'
        ? ({ type: 'OpenDispute', userId: i.userId, paymentId: i.paymentId, disputeId: i.disputeId, amountCents: i.amountCents } as const)
        : ({ type: 'CloseDispute', userId: i.userId, disputeId: i.disputeId, outcome: i.outcome } as const);
    return this.ledger.decide(command, context, idempotencyKey);
  }
}
