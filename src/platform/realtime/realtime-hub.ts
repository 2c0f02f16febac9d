import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

import type { ReadModelChange } from '../projections/projection.js';
import { openRedis } from '../redis/redis-connection.js';

export type ChangeListener = (change: ReadModelChange) => void;

/**
 * A change for everyone holding a role (`userId` of a ReadModelChange names the audience): an
 * admin's stream also hears `role:admin`. Only the topic travels; what is refetched is guarded.
 */
export const roleAudience = (role: string) => `role:${role}`;

/** The audience every signed-in user's stream hears (announcements): only the topic travels, the list is read by each browser. */
export const EVERYONE_AUDIENCE = 'everyone';

/** The topic that tells a browser to refetch everything: changes may have been missed. */
export const EVERY_TOPIC = '*';

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

  /** Tells every listener that it may have missed changes. */
  resync(): void {
    this.publish(this.emitter.eventNames().map((userId) => ({ userId: String(userId), topic: EVERY_TOPIC })));
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Pub/sub does not honour Redis database numbers, so the channel carries the database as
 * well as the key prefix: deployments sharing one Redis never hear each other.
 */
export const realtimeChannel = (prefix: string, db: number) => `${prefix}:${db}:realtime`;

export class RedisRealtimeHub implements RealtimeHub {
  readonly kind = 'redis' as const;
  private readonly local = new InProcessRealtimeHub();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  readonly channel: string;
  /** Settles once subscribed (which waits for Redis as long as it takes); never rejects. */
  readonly ready: Promise<void>;

  constructor(redisUrl: string, prefix: string) {
    this.publisher = openRedis(redisUrl, 'command');
    this.subscriber = openRedis(redisUrl, 'subscriber');
    this.channel = realtimeChannel(prefix, this.subscriber.options.db ?? 0);
    this.subscriber.on('message', (_channel: string, message: string) => {
      try {
        const changes = JSON.parse(message) as ReadModelChange[];
        this.local.publish(changes);
      } catch {
        // Not ours: ignore.
      }
    });
    // Each time the connection is (re)established, ioredis subscribes right after 'ready'.
    // Whatever was published while this process was not subscribed is lost, so once that
    // subscription is through (the PING queued behind it answers) every open stream is
    // told to refetch.
    this.subscriber.on('ready', () => {
      setImmediate(() =>
        this.subscriber.ping().then(
          () => this.local.resync(),
          () => {},
        ),
      );
    });
    this.ready = this.subscriber.subscribe(this.channel).then(
      () => {},
      () => {}, // closed before Redis was reached
    );
  }

  publish(changes: readonly ReadModelChange[]): void {
    if (changes.length === 0) return;
    // Fails at once while Redis is away; listeners resync when their connection is back.
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
