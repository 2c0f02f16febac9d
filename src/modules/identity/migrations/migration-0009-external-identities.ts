import { Migration } from '@mikro-orm/migrations';

/** Sign-in through Microsoft and Google: the linked identities, and the sign-ins under way. */
export class Migration0009ExternalIdentities extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE user_identities (
        provider text NOT NULL CHECK (provider IN ('azure', 'google')),
        subject text NOT NULL,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        email text NOT NULL,
        linked_at timestamptz NOT NULL DEFAULT now(),
        last_sign_in_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, subject)
      )`);
    this.addSql(`CREATE INDEX user_identities_user ON user_identities (user_id)`);
    // One row per redirect to a provider, used once by its callback. The PKCE verifier and
    // nonce never reach the browser; the state is stored hashed.
    this.addSql(`
      CREATE TABLE oidc_sign_in_attempts (
        state_hash text PRIMARY KEY,
        provider text NOT NULL,
        code_verifier text NOT NULL,
        nonce text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
