import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { connectRealtime, disconnectRealtime, onRealtimeChange } from './realtime';

/** Stands in for the browser's EventSource: the test sends the server's events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  private readonly handlers = new Map<string, (event: { data: string }) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, handler: (event: { data: string }) => void) {
    this.handlers.set(type, handler);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '') {
    this.handlers.get(type)?.({ data });
  }
}

describe('realtime changes in the browser', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => {
    disconnectRealtime();
    vi.unstubAllGlobals();
  });

  it('tells the listeners of a topic when it changed, and no one else', () => {
    connectRealtime();
    const server = FakeEventSource.last!;
    expect(server.url).toBe('/api/realtime/stream');
    const heard: string[] = [];
    const stop = onRealtimeChange('wallet', () => heard.push('wallet'));
    onRealtimeChange('tickets', () => heard.push('tickets'));
    server.emit('ready');
    server.emit('change', '{"topic":"wallet"}');
    server.emit('change', 'not json');
    expect(heard).toEqual(['wallet']);
    stop();
    server.emit('change', '{"topic":"wallet"}');
    expect(heard).toEqual(['wallet']);
  });

  it('has every topic refetched after a reconnect, since missed changes are not replayed', () => {
    connectRealtime();
    connectRealtime();
    const server = FakeEventSource.last!;
    const heard: string[] = [];
    onRealtimeChange('access', () => heard.push('access'));
    server.emit('ready');
    expect(heard).toEqual([]);
    server.emit('ready');
    expect(heard).toEqual(['access']);
    disconnectRealtime();
    expect(server.closed).toBe(true);
  });
});
