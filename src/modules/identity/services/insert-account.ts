import { randomUUID } from 'node:crypto';

import type { NewEvent } from '../../../platform/event-store/event-store.port.js';
import { recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { accountStream } from '../contracts/identity.events.js';

export type NewAccount = { readonly email: string; readonly displayName?: string };

/**
 * In the caller's transaction: an account without a password (its owner sets one through a
 * one-time link), its profile, and the events `events` makes for it. Null when the address
 * has an account already; then nothing is written.
 */
export async function insertAccount(tx: SqlClient, account: NewAccount, events: (userId: string) => readonly NewEvent[]): Promise<string | null> {
  const id = randomUUID();
  const { rows } = await tx.query<{ id: string }>('INSERT INTO users (id, email) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING RETURNING id', [
    id,
    account.email,
  ]);
  if (!rows[0]) return null;
  const displayName = account.displayName || account.email.slice(0, account.email.indexOf('@'));
  await tx.query('INSERT INTO profiles (user_id, email, display_name) VALUES ($1, $2, $3)', [id, account.email, displayName]);
  await recordInOutbox(tx, accountStream(id), events(id));
  return id;
}
