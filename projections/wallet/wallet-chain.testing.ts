import { ledgerHash } from '../../src/modules/wallet/contracts/ledger-hash.js';
import { walletStream, type LedgerEntry, type WalletEvent } from '../../src/modules/wallet/contracts/wallet-events.js';
import type { EventStore } from '../../src/platform/event-store/event-store.port.js';
import { newEvent, type CommandContext } from '../../src/platform/event-store/new-event.js';

/** A wallet event as a test writes it: without its chain entry (stamped by `appendToWallet`). */
export type UnchainedWalletEvent = { [E in WalletEvent as E['type']]: { type: E['type']; data: Omit<E['data'], 'entry'> } }[WalletEvent['type']];

/**
 * Appends events to an agent's wallet stream as the decider would store them: each money event
 * gets the next link of the wallet's hash chain (seq, prevHash, hash); DisputeLost gets none.
 * For tests of the read side only (the decider is the wallet module's).
 */
export async function appendToWallet(
  store: EventStore,
  userId: string,
  events: readonly UnchainedWalletEvent[],
  context: CommandContext,
): Promise<WalletEvent[]> {
  const stream = walletStream(userId);
  const stored = await store.readStream(stream);
  let last: LedgerEntry | null = null;
  for (const recorded of stored) {
    const entry = (recorded.data as { entry?: LedgerEntry }).entry;
    if (entry) last = entry;
  }
  let seq = last?.seq ?? 0;
  let prevHash = last?.hash ?? '';
  const chained = events.map((event) => {
    if (event.type === 'DisputeLost') return event as WalletEvent;
    seq += 1;
    const hash = ledgerHash(prevHash, event.type, event.data as Readonly<Record<string, unknown>>);
    const entry: LedgerEntry = { seq, prevHash, hash };
    prevHash = hash;
    return { type: event.type, data: { ...event.data, entry } } as WalletEvent;
  });
  await store.append(
    stream,
    chained.map((event) => newEvent(event.type, event.data, context)),
    { expectedVersion: stored.length === 0 ? 'no_stream' : BigInt(stored.length) },
  );
  return chained;
}
