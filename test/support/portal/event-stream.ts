export type StreamedEvent = { readonly event: string; readonly data: string; /** performance.now() at arrival */ readonly at: number };

/** Reads server-sent events from a streaming response as they arrive. */
export function eventReader(response: Response) {
  const events: StreamedEvent[] = [];
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
    }
  })();
  return { events, cancel: () => reader.cancel().catch(() => {}) };
}
