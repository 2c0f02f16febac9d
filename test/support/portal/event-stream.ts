import { WAIT_CEILING_MS } from '../waiting.js';

export type StreamedEvent = { readonly event: string; readonly data: string; /** performance.now() at arrival */ readonly at: number };

/** Reads server-sent events from a streaming response as they arrive. */
export function eventReader(response: Response) {
  const events: StreamedEvent[] = [];
  const arrivals = new Set<() => void>();
  const reader = response.body!.getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += new TextDecoder().decode(value);
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = block.match(/^event: (.*)$/m)?.[1];
        const data = block.match(/^data: (.*)$/m)?.[1];
        if (event) events.push({ event, data: data ?? '', at: performance.now() });
      }
      for (const arrived of arrivals) arrived();
    }
  })();
  /** Resolves as soon as `accept` holds for the events read so far (checked as each arrives, not polled); fails after WAIT_CEILING_MS saying what it waited for. */
  const until = (what: string, accept: (events: readonly StreamedEvent[]) => boolean) =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        arrivals.delete(check);
      };
      const check = () => {
        if (accept(events)) {
          done();
          resolve();
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`Waited ${WAIT_CEILING_MS / 1000} s for ${what} on the event stream; ${events.length} events read`));
      }, WAIT_CEILING_MS);
      arrivals.add(check);
      check();
    });
  return { events, until, cancel: () => reader.cancel().catch(() => {}) };
}
