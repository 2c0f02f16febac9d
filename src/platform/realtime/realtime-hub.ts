import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { ReadModelChange } from '../projections/projection.js';

export type ChangeListener = (change: ReadModelChange) => void;

/**
 * Fans read-model changes out to whoever serves that user's browser. In one process an
 * emitter is enough; with Redis every process hears every change, so any API instance
 * can hold any user's stream while projections run in a worker.
 */
export type RealtimeHub = {
  readonly kind: 'in-process' | 'redis';
  publish(changes: readonly ReadModelChange[]): void;
  subscribe(userId: string, listener: ChangeListener): () => void;
  close(): Promise<void>;
};

export class InProcessRealtimeHub implements RealtimeHub {
  readonly kind = 'in-process' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  publish(changes: readonly ReadModelChange[]): void {
    for (const change of changes) this.emitter.emit(change.userId, change);
  }

  subscribe(userId: string, listener: ChangeListener): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisRealtimeHub implements RealtimeHub {
  readonly kind = 'redis' as const;
  private readonly local = new InProcessRealtimeHub();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  readonly ready: Promise<void>;

  constructor(redisUrl: string, prefix: string) {
    this.channel = `${prefix}:realtime`;
    this.publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    this.subscriber = new Redis(redisUrl);
    this.publisher.on('error', () => {});
    this.subscriber.on('error', () => {});
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        const changes = JSON.parse(message) as ReadModelChange[];
        this.local.publish(changes);
      } catch {
        // Not ours: ignore.
      }
    });
    // Subscriptions are renewed by ioredis after a reconnect.
    this.ready = this.subscriber.subscribe(this.channel).then(() => undefined);
  }

  publish(changes: readonly ReadModelChange[]): void {
    if (changes.length === 0) return;
    // A lost notification only delays a refresh: the browser refetches on reconnect.
    this.publisher.publish(this.channel, JSON.stringify(changes)).catch(() => {});
  }

  subscribe(userId: string, listener: ChangeListener): () => void {
    return this.local.subscribe(userId, listener);
  }

  async close(): Promise<void> {
    await this.local.close();
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}
