import { onCommandAppended } from '../event-store/command-handling.js';
import type { EventStore, RecordedEvent } from '../event-store/event-store.port.js';

const FIRST_POLL_MS = 50;
const MAX_POLL_MS = 500;

/**
 * Waits until `match` finds an event stored in `streamId` after `afterVersion`: the outcome
 * of a process an answer must wait for. Woken at once by a command of this process appending
 * to that stream, and by a poll that slows down from 50 ms to 500 ms for appends made in
 * another process (a worker). Null when `timeoutMs` passes first.
 */
export async function awaitStreamEvent(
  store: EventStore,
  streamId: string,
  options: { readonly afterVersion: bigint; readonly match: (event: RecordedEvent) => boolean; readonly timeoutMs: number },
): Promise<RecordedEvent | null> {
  const deadline = Date.now() + options.timeoutMs;
  let appended = false;
  let wake = () => {};
  const unsubscribe = onCommandAppended(streamId, () => {
    appended = true;
    wake();
  });
  try {
    let after = options.afterVersion;
    for (let poll = FIRST_POLL_MS; ; poll = Math.min(poll * 2, MAX_POLL_MS)) {
      appended = false;
      const events = await store.readStream(streamId, { afterVersion: after });
      const found = events.find(options.match);
      if (found) return found;
      after = events.at(-1)?.streamVersion ?? after;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      if (appended) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, poll));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    unsubscribe();
  }
}
