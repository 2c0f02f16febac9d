import { Migration } from '@mikro-orm/migrations';

/** The ledger's card-processor postings (a read model) and the daily reconciliation reports against the card provider. */
export class Migration0020Reconciliation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE rm_card_postings (
        event_id uuid PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('payment', 'refund', 'dispute', 'dispute_reversal')),
        reference text NOT NULL,
        payment_id text NOT NULL,
        user_id uuid NOT NULL,
        amount_cents bigint NOT NULL,
        occurred_at timestamptz NOT NULL
      )`);
    this.addSql(`CREATE INDEX rm_card_postings_time ON rm_card_postings (occurred_at)`);
    this.addSql(`
      CREATE TABLE reconciliation_reports (
        day date PRIMARY KEY,
        run_at timestamptz NOT NULL,
        run_by text NOT NULL,
        provider text NOT NULL,
        totals jsonb NOT NULL
      )`);
    this.addSql(`
      CREATE TABLE reconciliation_lines (
        day date NOT NULL REFERENCES reconciliation_reports (day) ON DELETE CASCADE,
        line_no integer NOT NULL,
        status text NOT NULL,
        kind text NOT NULL,
        reference text NOT NULL,
        payment_id text,
        user_id uuid,
        ledger_cents bigint,
        provider_cents bigint,
        at timestamptz NOT NULL,
        PRIMARY KEY (day, line_no)
      )`);
  }
}
