/**
 * The browser side of GET /api/realtime/stream: one EventSource per tab while signed in.
 * The server sends `change` with the topic of a read model of this user that changed; the
 * screens showing that topic refetch it. After a reconnect every topic is refetched ('*'),
 * since changes sent while the connection was down are not replayed.
 */
type Listener = (topic: string) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;

const notify = (topic: string) => listeners.forEach((listener) => listener(topic));

export function connectRealtime(): void {
  if (source) return;
  let connectedBefore = false;
  source = new EventSource('/api/realtime/stream');
  source.addEventListener('ready', () => {
    if (connectedBefore) notify('*');
    connectedBefore = true;
  });
  source.addEventListener('change', (event) => {
    try {
      const { topic } = JSON.parse((event as MessageEvent<string>).data) as { topic: string };
      notify(topic);
    } catch {
      // A malformed message is ignored; the next change or reconnect refetches anyway.
    }
  });
}

export function disconnectRealtime(): void {
  source?.close();
  source = null;
}

/** Calls `listener` when a notice of `topic` arrives (never for the refetch-everything of a reconnect); returns the unsubscribe. */
export function onRealtimeNotice(topic: string, listener: () => void): () => void {
  const wrapped: Listener = (changed) => {
    if (changed === topic) listener();
  };
  listeners.add(wrapped);
  return () => listeners.delete(wrapped);
}

/** Calls `listener` when `topic` (or, after a reconnect, every topic) changed; returns the unsubscribe. */
export function onRealtimeChange(topic: string, listener: () => void): () => void {
  const wrapped: Listener = (changed) => {
    if (changed === topic || changed === '*') listener();
  };
  listeners.add(wrapped);
  return () => listeners.delete(wrapped);
}
