import type pg from 'pg';

import { newEvent, type CommandContext } from '../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../platform/event-store/outbox.js';
import { ApiError } from '../../../platform/http/api-error.js';
import { inTransaction, type SqlClient } from '../../../platform/persistence/sql.js';
import { accountStream, type AccountAdministered } from '../contracts/identity.events.js';

export type AccountChange = { readonly admin: boolean } | { readonly satLeader: boolean } | { readonly disabled: boolean };

type Change = { event: AccountAdministered['type']; apply: (tx: SqlClient, userId: string) => Promise<unknown> } | null;

/** The SQL and the event of one change, or null when the account is already so. */
async function planChange(tx: SqlClient, userId: string, change: AccountChange): Promise<Change> {
  // Lock first, read after: a read in the locking statement would see the state from before
  // a concurrent change it waited for, and both would apply it.
  await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const { rows } = await tx.query<{ is_admin: boolean; is_leader: boolean; disabled: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_roles WHERE user_id = u.id AND role = 'admin') AS is_admin,
            coalesce(p.title_code = 'Satellite', false) AS is_leader, u.disabled_at IS NOT NULL AS disabled
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  const now = rows[0];
  if (!now) throw new ApiError(404, 'USER_NOT_FOUND', 'No such user.');
  if ('admin' in change) {
    if (change.admin === now.is_admin) return null;
    return change.admin
      ? { event: 'AdminRoleGranted', apply: (db, id) => db.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [id]) }
      : { event: 'AdminRoleRevoked', apply: (db, id) => db.query(`DELETE FROM user_roles WHERE user_id = $1 AND role = 'admin'`, [id]) };
  }
  if ('satLeader' in change) {
    if (change.satLeader === now.is_leader) return null;
    return {
      event: change.satLeader ? 'SatLeaderMarked' : 'SatLeaderUnmarked',
      apply: (db, id) =>
        db.query(
          `INSERT INTO profiles (user_id, email, title_code) SELECT id, email, $2 FROM users WHERE id = $1
           ON CONFLICT (user_id) DO UPDATE SET title_code = EXCLUDED.title_code, updated_at = now()`,
          [id, change.satLeader ? 'Satellite' : null],
        ),
    };
  }
  if (change.disabled === now.disabled) return null;
  return {
    event: change.disabled ? 'AccountDisabled' : 'AccountEnabled',
    apply: (db, id) => db.query(`UPDATE users SET disabled_at = ${change.disabled ? 'now()' : 'NULL'} WHERE id = $1`, [id]),
  };
}

/**
 * In one transaction: locks the account, and when it is not so already, makes the change and
 * records its event (through the outbox). False when nothing changed. The commands that use it
 * hold their own rules (nobody demotes or disables themselves; disabling ends the sessions).
 */
export async function changeAccount(pool: pg.Pool, userId: string, change: AccountChange, context: CommandContext): Promise<boolean> {
  const changed = await inTransaction(pool, async (tx) => {
    const plan = await planChange(tx, userId, change);
    if (!plan) return false;
    await plan.apply(tx, userId);
    await recordInOutbox(tx, accountStream(userId), [newEvent(plan.event, { userId }, context)]);
    return true;
  });
  if (changed) outboxCommitted();
  return changed;
}
