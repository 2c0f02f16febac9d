import { Migration } from '@mikro-orm/migrations';

/**
 * Registrations confirmed from the owner's mailbox. A request (a new registration, or a change to
 * one) waits in `prep_registration_requests` and takes effect only when the link mailed to its
 * address is followed: a seat is taken then, not before, so people who never confirm hold none.
 * The link's token is stored only as its hash, works once (`confirmed_at`) and until `expires_at`.
 * `prep_registrations.confirmed_via` says how a seat was confirmed: from the mailbox, by a
 * signed-in agent's own verified account e-mail, or by the form alone before confirmations existed.
 */
export class Migration0077PrepConfirmations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE prep_registration_requests (
        id uuid PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES prep_sessions (id),
        registration_id uuid REFERENCES prep_registrations (id),
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        office_label text NOT NULL,
        exam_attempts text NOT NULL CHECK (exam_attempts IN ('Never', 'Once', 'Twice', '3+')),
        token_hash text UNIQUE,
        expires_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX prep_registration_requests_open ON prep_registration_requests (session_id, created_at) WHERE confirmed_at IS NULL`);
    this.addSql(`ALTER TABLE prep_registrations ADD COLUMN confirmed_via text NOT NULL DEFAULT 'form' CHECK (confirmed_via IN ('form', 'email', 'account'))`);
  }
}
