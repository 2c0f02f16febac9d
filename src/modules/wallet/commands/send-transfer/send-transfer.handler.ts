import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { currentState, deterministicEventId } from '../../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { SqlSnapshotStore } from '../../../../platform/event-store/snapshots.js';
import { awaitStreamEvent } from '../../../../platform/processes/await-stream-event.js';
import { CONFIG, EVENT_STORE, SQL_POOL } from '../../../../platform/tokens.js';
import { satHierarchyEntry, type SatHierarchyEntry } from '../../../identity/contracts/user-directory.js';
import { walletStream } from '../../contracts/wallet-events.js';
import { walletDecider } from '../../domain/wallet.decider.js';
import { WalletLedger } from '../../services/wallet-ledger.js';
import { WALLET_SNAPSHOT_EVERY, WALLET_SNAPSHOT_NAME } from '../../services/wallet-state.js';
import type { WalletConfig } from '../../wallet.config.js';
import { SendTransfer, type TransferAnswer } from './send-transfer.command.js';

/** How long the answer waits for the recipient's credit before answering 'pending', unless the command says otherwise. */
export const TRANSFER_CREDIT_WAIT_MS = 5_000;

/** The transfer's id, derived from the sender and the request's idempotency key: a repeat names the same transfer. */
export const transferIdFor = (senderUserId: string, idempotencyKey: string) => deterministicEventId(`transfer-${senderUserId}`, idempotencyKey, 0);

/**
 * First step of a transfer (money.md, docs/processes.md): who may receive is checked against
 * the SAT hierarchy, then the sender's wallet alone decides (available balance, debt, the
 * daily limit, not to oneself) and stores TransferSent. The credit is a job started from that
 * stored event (ReceiveTransfer); the answer waits briefly for it on the recipient's stream.
 */
@CommandHandler(SendTransfer)
export class SendTransferHandler implements ICommandHandler<SendTransfer, TransferAnswer> {
  private readonly snapshots: SqlSnapshotStore;

  constructor(
    private readonly ledger: WalletLedger,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: WalletConfig,
  ) {
    this.snapshots = new SqlSnapshotStore(pool);
  }

  async execute({ input, context, idempotencyKey }: SendTransfer): Promise<TransferAnswer> {
    const [sender, recipient] = await Promise.all([
      satHierarchyEntry(this.pool, { userId: input.senderUserId }),
      satHierarchyEntry(this.pool, { email: input.recipientEmail }),
    ]);
    if (!sender) throw new DomainError('SENDER_NOT_FOUND', 'Your account could not be found. Please sign in again.', 404);
    if (!recipient) throw new DomainError('RECIPIENT_NOT_FOUND', 'No agent has this e-mail address.', 404);
    // A transfer to oneself is the wallet's own refusal (the decider's TRANSFER_TO_SELF).
    if (recipient.id !== sender.id) requireEligible(sender, recipient);

    const transferId = transferIdFor(sender.id, idempotencyKey);
    const recipientStream = walletStream(recipient.id);
    const before = await currentState({
      store: this.store,
      streamId: recipientStream,
      decider: walletDecider,
      snapshots: { store: this.snapshots, name: WALLET_SNAPSHOT_NAME, every: WALLET_SNAPSHOT_EVERY },
    });
    const sent = await this.ledger.decide(
      {
        type: 'SendTransfer',
        userId: sender.id,
        transferId,
        amountCents: input.amountCents,
        recipientUserId: recipient.id,
        recipientEmail: recipient.email,
        description: input.description,
        dailyLimitCents: this.config.wallet.transferDailyLimitCents,
        timeZone: this.config.orgTimeZone,
      },
      context,
      idempotencyKey,
    );
    const credit = await awaitStreamEvent(this.store, recipientStream, {
      afterVersion: before.version,
      timeoutMs: input.waitMs ?? TRANSFER_CREDIT_WAIT_MS,
      match: (event) => event.type === 'TransferReceived' && (event.data as { transferId?: string }).transferId === transferId,
    });
    return { transferId, status: credit ? 'completed' : 'pending', availableCents: sent.availableCents };
  }
}

/**
 * Who may receive (transfers are hierarchical between roles): an agent sends to the
 * SAT leader they chose, or to agents who chose them as their SAT leader; an admin to anyone.
 */
function requireEligible(sender: SatHierarchyEntry, recipient: SatHierarchyEntry): void {
  if (recipient.disabled) throw new DomainError('RECIPIENT_DISABLED', "This agent's account is disabled and cannot receive money.", 403);
  if (sender.isAdmin) return;
  const isOwnLeader = sender.satLeaderEmail !== null && sender.satLeaderEmail === recipient.email;
  const isDownline = recipient.satLeaderEmail !== null && recipient.satLeaderEmail === sender.email;
  if (isOwnLeader || isDownline) return;
  const leader = sender.satLeaderEmail && sender.satLeaderEmail !== sender.email ? `your SAT leader (${sender.satLeaderEmail})` : null;
  const whom = leader
    ? `${leader} or to agents who chose you as their SAT leader`
    : 'agents who chose you as their SAT leader (you have no SAT leader to send to)';
  throw new DomainError('TRANSFER_NOT_ALLOWED', `You can send money only to ${whom}.`, 403, {
    satLeaderEmail: leader ? sender.satLeaderEmail : null,
  });
}
