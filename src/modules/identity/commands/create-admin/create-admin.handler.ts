import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { newEvent, type CommandContext } from '../../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { SQL_POOL } from '../../../../platform/tokens.js';
import { accountStream, type AccountCreated, type PasswordLinkIssued } from '../../contracts/identity.events.js';
import { issueOneTimeToken } from '../../jobs/one-time-link-mail.js';
import { PASSWORD_LINK_VALID_MINUTES } from '../../jobs/send-invitation-email.job.js';
import { changeAccount } from '../../services/account-changes.js';
import { insertAccount } from '../../services/insert-account.js';
import { CreateAdmin, type CreateAdminRequest, type CreateAdminResult } from './create-admin.command.js';

export { PASSWORD_LINK_VALID_MINUTES };

type AccountState = {
  is_admin: boolean;
  confirmed: boolean;
  has_password: boolean;
  has_work_account: boolean;
  has_external: boolean;
  disabled: boolean;
  sat_manager_email: string | null;
};

async function accountState(pool: pg.Pool, userId: string): Promise<AccountState> {
  const { rows } = await pool.query<AccountState>(
    `SELECT EXISTS (SELECT 1 FROM user_roles WHERE user_id = u.id AND role = 'admin') AS is_admin,
            u.email_confirmed_at IS NOT NULL AS confirmed, u.password_hash IS NOT NULL AS has_password,
            EXISTS (SELECT 1 FROM user_identities WHERE user_id = u.id AND provider = 'azure') AS has_work_account,
            EXISTS (SELECT 1 FROM user_identities WHERE user_id = u.id) AS has_external,
            u.disabled_at IS NOT NULL AS disabled, p.sat_manager_email
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  return rows[0]!;
}

/** The account with this address, made (without a password) when there is none. */
async function findOrCreateAccount(pool: pg.Pool, request: CreateAdminRequest, context: CommandContext): Promise<{ userId: string; created: boolean }> {
  const created = await inTransaction(pool, (tx) =>
    insertAccount(tx, request, (userId) => [
      newEvent<AccountCreated['type'], AccountCreated['data']>('AccountCreated', { userId, email: request.email }, context),
    ]),
  );
  if (created) {
    outboxCommitted();
    return { userId: created, created: true };
  }
  const { rows } = await pool.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [request.email]);
  return { userId: rows[0]!.id, created: false };
}

/**
 * A link to set the password. An unconfirmed account's password was chosen by whoever
 * signed up with the address, not proven to be its owner's: it is dropped, so only the
 * link (which confirms the address) leads into an account about to become an admin.
 */
async function issuePasswordLink(pool: pg.Pool, userId: string, context: CommandContext): Promise<string> {
  const token = await inTransaction(pool, async (tx) => {
    await tx.query('UPDATE users SET password_hash = NULL WHERE id = $1 AND email_confirmed_at IS NULL', [userId]);
    const issued = await issueOneTimeToken(tx, userId, 'reset-password', PASSWORD_LINK_VALID_MINUTES);
    const event = newEvent<PasswordLinkIssued['type'], PasswordLinkIssued['data']>(
      'PasswordLinkIssued',
      { userId, validMinutes: PASSWORD_LINK_VALID_MINUTES },
      context,
    );
    await recordInOutbox(tx, accountStream(userId), [event]);
    return issued;
  });
  outboxCommitted();
  return token;
}

/**
 * An operator, at the command line, makes an account an admin: a new one (with a link to
 * set its password) or an existing one. Every change is an event with the operator as
 * actor, so it reaches the audit log. Running it again changes nothing already so.
 */
@CommandHandler(CreateAdmin)
export class CreateAdminHandler implements ICommandHandler<CreateAdmin, CreateAdminResult> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: request, context }: CreateAdmin): Promise<CreateAdminResult> {
    const pool = this.pool;
    const { userId, created } = await findOrCreateAccount(pool, request, context);
    const before = await accountState(pool, userId);
    await changeAccount(pool, userId, { admin: true }, context);
    if (request.satLeader) {
      await changeAccount(pool, userId, { satLeader: true }, context);
      await pool.query('UPDATE profiles SET sat_manager_email = email, updated_at = now() WHERE user_id = $1 AND sat_manager_email IS NULL', [userId]);
    }
    const provenSignIn = (before.confirmed && before.has_password) || before.has_external;
    const passwordToken = provenSignIn ? null : await issuePasswordLink(pool, userId, context);
    const after = await accountState(pool, userId);
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.title_code = 'Satellite' AND u.disabled_at IS NULL`,
    );
    return {
      userId,
      created,
      promoted: !before.is_admin,
      disabled: after.disabled,
      passwordToken,
      needsSatLeader: !after.sat_manager_email && !after.has_work_account,
      satLeaders: rows[0]!.n,
    };
  }
}
