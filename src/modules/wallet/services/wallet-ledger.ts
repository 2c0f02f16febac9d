import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';

import { handleCommand, handleEach } from '../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import type { CommandContext } from '../../../platform/event-store/new-event.js';
import type { SnapshotPolicy } from '../../../platform/event-store/snapshots.js';
import { STEP_CONFLICT_RETRIES } from '../../../platform/processes/process-step.js';
import { EVENT_STORE, SQL_POOL } from '../../../platform/tokens.js';
import type { WalletAnswer } from '../contracts/wallet-commands.js';
import { walletStream } from '../contracts/wallet-events.js';
import { availableCents, heldCents, walletDecider, type WalletCommand, type WalletState } from '../domain/wallet.decider.js';
import { walletSnapshots, walletStateOf } from './wallet-state.js';

/**
 * Decides a wallet command on the agent's one stream (money.md): commands on one wallet take
 * turns in this process and retry on a conflict with another process, never answering 409
 * for a race that they can settle by deciding again.
 */
@Injectable()
export class WalletLedger {
  private readonly snapshots: SnapshotPolicy;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_POOL) pool: pg.Pool,
  ) {
    this.snapshots = walletSnapshots(pool);
  }

  async decide(command: WalletCommand, context: CommandContext, idempotencyKey: string): Promise<WalletAnswer> {
    const result = await handleCommand({
      store: this.store,
      streamId: walletStream(command.userId),
      decider: walletDecider,
      command,
      context,
      idempotencyKey,
      conflictRetries: STEP_CONFLICT_RETRIES,
      snapshots: this.snapshots,
    });
    return { ...balancesOf(result.state), storedEventIds: result.stored.map((event) => event.metadata.eventId) };
  }

  /**
   * Many commands, each on a different agent's wallet, decided as `decide` decides them and
   * stored with one commit (a bonus run's credits); a wallet written meanwhile is decided again
   * alone. Wallets must differ.
   */
  async decideEach(items: readonly { command: WalletCommand; context: CommandContext; idempotencyKey: string }[]): Promise<WalletAnswer[]> {
    const results = await handleEach({
      store: this.store,
      decider: walletDecider,
      items: items.map((item) => ({ ...item, streamId: walletStream(item.command.userId) })),
      conflictRetries: STEP_CONFLICT_RETRIES,
      snapshots: this.snapshots,
    });
    return results.map((result) => ({ ...balancesOf(result.state), storedEventIds: result.stored.map((event) => event.metadata.eventId) }));
  }

  /** The wallet as it stands (snapshot plus the events after it), for a process that must look before it acts. */
  async balances(userId: string): Promise<Omit<WalletAnswer, 'storedEventIds'>> {
    return balancesOf(await this.state(userId));
  }

  state(userId: string): Promise<WalletState> {
    return walletStateOf(this.store, this.snapshots, userId);
  }
}

function balancesOf(state: WalletState): Omit<WalletAnswer, 'storedEventIds'> {
  return { availableCents: availableCents(state), heldCents: heldCents(state), debtCents: state.debtCents };
}
