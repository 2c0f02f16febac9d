import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { HELP_REQUEST_NOT_FOUND, helpRequestAbout } from '../../../support/contracts/help-requests.js';
import { refundableCents, walletEntryOf } from '../../contracts/wallet-entries.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { RefundEntryFromHelpRequest, type EntryRefundAnswer } from './refund-entry-from-help-request.command.js';

@CommandHandler(RefundEntryFromHelpRequest)
export class RefundEntryFromHelpRequestHandler implements ICommandHandler<RefundEntryFromHelpRequest, EntryRefundAnswer> {
  constructor(
    private readonly ledger: WalletLedger,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ input, context, idempotencyKey }: RefundEntryFromHelpRequest): Promise<EntryRefundAnswer> {
    const ticket = await helpRequestAbout(this.store, input.ticketId);
    if (!ticket) throw new DomainError('TICKET_NOT_FOUND', HELP_REQUEST_NOT_FOUND, 404);
    if (ticket.reference?.kind !== 'wallet-entry') throw new DomainError('NOT_ABOUT_A_WALLET_ENTRY', 'This help request is not about a wallet entry.', 409);
    // An admin who also buys leads does not refund their own wallet: another admin does.
    if (ticket.userId === context.actor.id) throw new DomainError('OWN_WALLET_REFUND', 'Another admin refunds an entry of your own wallet.', 403);
    const entrySeq = Number(ticket.reference.id);
    // The entry was in the agent's history when the request named it, and a ledger entry never changes.
    const entry = await walletEntryOf(this.pool, ticket.userId, entrySeq);
    if (!entry) throw new DomainError('ENTRY_NOT_FOUND', 'This entry is no longer in the agent’s wallet history.', 404);
    const { adjustmentId, amountCents, reason } = input;
    await this.ledger.decide(
      {
        type: 'RefundEntry',
        userId: ticket.userId,
        adjustmentId,
        entrySeq,
        entryDebitCents: refundableCents(entry),
        ticketId: ticket.ticketId,
        amountCents,
        reason,
      },
      context,
      idempotencyKey,
    );
    return { adjustmentId, entrySeq, amountCents };
  }
}
