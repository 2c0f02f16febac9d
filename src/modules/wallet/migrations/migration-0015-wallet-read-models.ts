import { Migration } from '@mikro-orm/migrations';

/**
 * The wallet's read models (balances, open holds, the per-agent ledger with its hash chain,
 * the ledger's accounts, transfers) and the `finance` role, which sees the finance pages and
 * nothing of user administration.
 */
export class Migration0015WalletReadModels extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_wallet_balances (
        user_id uuid PRIMARY KEY,
        available_cents bigint NOT NULL DEFAULT 0,
        held_cents bigint NOT NULL DEFAULT 0,
        posted_cents bigint NOT NULL DEFAULT 0,
        deposited_cents bigint NOT NULL DEFAULT 0,
        contributed_cents bigint NOT NULL DEFAULT 0,
        debt_cents bigint NOT NULL DEFAULT 0,
        test_credit_cents bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL
      )`);
    this.addSql(`
      CREATE TABLE rm_wallet_holds (
        hold_id text PRIMARY KEY,
        user_id uuid NOT NULL,
        cause_kind text NOT NULL,
        cause_id text NOT NULL,
        amount_cents bigint NOT NULL,
        captured_cents bigint NOT NULL DEFAULT 0,
        released_cents bigint NOT NULL DEFAULT 0,
        status text NOT NULL CHECK (status IN ('open', 'closed', 'expired')),
        expires_at timestamptz,
        updated_at timestamptz NOT NULL
      )`);
    this.addSql(`CREATE INDEX rm_wallet_holds_open ON rm_wallet_holds (user_id) WHERE status = 'open'`);
    this.addSql(`
      CREATE TABLE rm_wallet_ledger (
        user_id uuid NOT NULL,
        seq integer NOT NULL,
        event_id uuid NOT NULL UNIQUE,
        type text NOT NULL,
        amount_cents bigint NOT NULL,
        posted_change_cents bigint NOT NULL,
        held_change_cents bigint NOT NULL,
        posted_after_cents bigint NOT NULL,
        held_after_cents bigint NOT NULL,
        available_after_cents bigint NOT NULL,
        hold_id text,
        cause_kind text NOT NULL,
        cause_id text NOT NULL,
        description text NOT NULL,
        actor_type text NOT NULL,
        actor_id text NOT NULL,
        occurred_at timestamptz NOT NULL,
        prev_hash text NOT NULL,
        hash text NOT NULL,
        is_test_credit boolean NOT NULL,
        data jsonb NOT NULL,
        PRIMARY KEY (user_id, seq)
      )`);
    this.addSql(`CREATE INDEX rm_wallet_ledger_hold ON rm_wallet_ledger (user_id, hold_id) WHERE hold_id IS NOT NULL`);
    this.addSql(`CREATE INDEX rm_wallet_ledger_time ON rm_wallet_ledger (user_id, occurred_at)`);
    this.addSql(`
      CREATE TABLE rm_ledger_accounts (
        account text PRIMARY KEY,
        balance_cents bigint NOT NULL
      )`);
    this.addSql(`
      CREATE TABLE rm_wallet_transfers (
        transfer_id text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('sent', 'received')),
        user_id uuid NOT NULL,
        counterparty_user_id uuid NOT NULL,
        counterparty_email text NOT NULL,
        amount_cents bigint NOT NULL,
        description text NOT NULL,
        occurred_at timestamptz NOT NULL,
        PRIMARY KEY (transfer_id, direction)
      )`);
    this.addSql(`CREATE INDEX rm_wallet_transfers_user ON rm_wallet_transfers (user_id, occurred_at DESC)`);
    this.addSql(`ALTER TABLE user_roles DROP CONSTRAINT user_roles_role_check`);
    this.addSql(`ALTER TABLE user_roles ADD CONSTRAINT user_roles_role_check CHECK (role IN ('admin', 'finance'))`);
  }
}
