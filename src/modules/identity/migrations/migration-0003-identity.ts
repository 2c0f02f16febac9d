import { Migration } from '@mikro-orm/migrations';

/** Accounts, their sessions and one-time e-mail tokens, profiles and roles. */
export class Migration0003Identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        password_hash text,
        email_confirmed_at timestamptz,
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_lowercase CHECK (email = lower(email))
      )`);
    this.addSql(`CREATE UNIQUE INDEX users_email_key ON users (email)`);
    this.addSql(`
      CREATE TABLE sessions (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        csrf_token text NOT NULL,
        provider text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        ip_address text,
        user_agent text
      )`);
    this.addSql(`CREATE INDEX sessions_user ON sessions (user_id)`);
    this.addSql(`
      CREATE TABLE email_tokens (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('confirm-email', 'reset-password')),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE profiles (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        email text NOT NULL,
        display_name text,
        title_code text,
        sat_manager_email text,
        phone text,
        timezone text NOT NULL DEFAULT 'UTC',
        avatar_url text,
        agent_number text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX profiles_title_code ON profiles (title_code)`);
    this.addSql(`
      CREATE TABLE user_roles (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('admin')),
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, role)
      )`);
  }
}
