import type pg from 'pg';

import type { NewEvent } from '../../platform/event-store/event-store.port.js';
import { newEvent, userRequestContext, type CommandContext } from '../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../platform/event-store/outbox.js';
import { inTransaction } from '../../platform/persistence/sql.js';
import { accountStream, type IdentityEvent } from './contracts/identity.events.js';

/** An event on an account's stream, caused by that account's user in the given request. */
export function accountEvent<TEvent extends IdentityEvent>(type: TEvent['type'], data: TEvent['data'], userId: string, requestId?: string): NewEvent {
  return newEvent(type, data, userRequestContext(userId, requestId));
}

/** Records one account event through the outbox, in its own transaction. */
export async function recordAccountEvent(pool: pg.Pool, userId: string, event: NewEvent): Promise<void> {
  await inTransaction(pool, (tx) => recordInOutbox(tx, accountStream(userId), [event]));
  outboxCommitted();
}

/** The caller as sessions and security events record them: address, browser and request id. */
export function clientOf(context: CommandContext): { ip?: string; userAgent?: string; requestId?: string } {
  return { ...context.client, requestId: context.requestId };
}
