import type pg from 'pg';

import { currentState } from '../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { SqlSnapshotStore, type SnapshotPolicy } from '../../../platform/event-store/snapshots.js';
import { walletStream } from '../contracts/wallet-events.js';
import { walletDecider, type WalletState } from '../domain/wallet.decider.js';

/** A snapshot after this many events: deciding then reads at most this many past the snapshot. */
export const WALLET_SNAPSHOT_EVERY = 100;
/** Bump when the wallet's state shape or evolve changes: old snapshots are then ignored. */
export const WALLET_SNAPSHOT_NAME = 'wallet-v2';

export const walletSnapshots = (pool: pg.Pool): SnapshotPolicy => ({
  store: new SqlSnapshotStore(pool),
  name: WALLET_SNAPSHOT_NAME,
  every: WALLET_SNAPSHOT_EVERY,
});

/** The wallet as it stands: its snapshot plus the events after it. */
export async function walletStateOf(store: EventStore, snapshots: SnapshotPolicy, userId: string): Promise<WalletState> {
  return (await currentState({ store, streamId: walletStream(userId), decider: walletDecider, snapshots })).state;
}
