import { randomUUID } from 'node:crypto';

import type { Actor, NewEvent, RecordedEvent } from './event-store.port.js';

/** Who caused a command and in reply to what: copied onto every event it produces. */
export type CommandContext = {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly now: Date;
  /** The HTTP request that sent the command, when one did (its id is also the correlation id). */
  readonly requestId?: string;
  /** The caller's address and browser, for the commands that record them (sessions, security events). */
  readonly client?: { readonly ip: string; readonly userAgent: string | undefined };
};

export const systemContext = (job: string, now = new Date()): CommandContext => ({
  actor: { type: 'system', id: job },
  correlationId: randomUUID(),
  causationId: null,
  now,
});

/** The context of a command sent in one request: the request id correlates (a new one when there is none). */
export const requestContext = (actor: Actor, requestId?: string, now = new Date()): CommandContext => ({
  actor,
  correlationId: requestId || randomUUID(),
  causationId: null,
  now,
  ...(requestId ? { requestId } : {}),
});

/** The context of a command a signed-in user sends in one request. */
export const userRequestContext = (userId: string, requestId?: string, now = new Date()): CommandContext =>
  requestContext({ type: 'user', id: userId }, requestId, now);

/** The context for work caused by a stored event (a job, a reaction): same correlation. */
export const causedBy = (event: Pick<RecordedEvent, 'metadata'>, actor: Actor, now = new Date()): CommandContext => ({
  actor,
  correlationId: event.metadata.correlationId,
  causationId: event.metadata.eventId,
  now,
});

export function newEvent<TType extends string, TData>(
  type: TType,
  data: TData,
  context: CommandContext,
  eventId: string = randomUUID(),
): NewEvent<TType, TData> {
  return {
    type,
    data,
    metadata: {
      eventId,
      occurredAt: context.now.toISOString(),
      actor: context.actor,
      correlationId: context.correlationId,
      causationId: context.causationId,
    },
  };
}
