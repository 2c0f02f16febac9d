import { comparePositions, type AllPosition, type EventStore } from '../event-store/event-store.port.js';
import type { SqlClient } from '../persistence/sql.js';
import { readCheckpoint } from './checkpoints.js';

const POLL_MS = 25;
const SCAN_BATCH = 1_000;

/**
 * Waits until the read model `subscriber` has applied every event of `eventTypes` stored
 * before `position`: a process step started from an event, about to decide from that read
 * model, then sees everything that happened before its event (a campaign funded a moment
 * before a lead came is offered the lead). Events of other types the read model may not have
 * passed yet do not hold it up. False when `timeoutMs` passes first.
 */
export async function awaitReadModel(
  store: EventStore,
  db: SqlClient,
  options: { readonly subscriber: string; readonly eventTypes: readonly string[]; readonly before: AllPosition; readonly timeoutMs: number },
): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (!(await anyUnapplied(store, db, options))) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function anyUnapplied(
  store: EventStore,
  db: SqlClient,
  { subscriber, eventTypes, before }: { readonly subscriber: string; readonly eventTypes: readonly string[]; readonly before: AllPosition },
): Promise<boolean> {
  let after = await readCheckpoint(db, subscriber);
  if (comparePositions(after, before) >= 0) return false;
  if (store.anyOfTypesBetween) return (await store.anyOfTypesBetween(eventTypes, after, before)) !== false;
  while (comparePositions(after, before) < 0) {
    const events = await store.readAll({ after, maxCount: SCAN_BATCH });
    const earlier = events.filter((event) => comparePositions(event.position, before) < 0);
    if (earlier.some((event) => eventTypes.includes(event.type))) return true;
    if (earlier.length < events.length) return false;
    // The read ended before `before` came: the events up to it are held back by a transaction
    // still running on the server (PostgreSQL), so the read model cannot have applied them yet.
    if (events.length < SCAN_BATCH) return true;
    after = events.at(-1)!.position;
  }
  return false;
}
