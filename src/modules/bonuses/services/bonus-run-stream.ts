import { currentState } from '../../../platform/event-store/command-handling.js';
import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { bonusRunStream } from '../contracts/bonus-runs.js';
import { bonusRunDecider, type BonusRunState } from '../domain/bonus-run.decider.js';

/** The run as its stream says now (the payout reads what it pays from here, not from a read model). */
export async function runState(store: EventStore, week: string): Promise<BonusRunState> {
  return (await currentState({ store, streamId: bonusRunStream(week), decider: bonusRunDecider })).state;
}
