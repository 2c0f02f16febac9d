import { Migration } from '@mikro-orm/migrations';

/**
 * Background jobs (the allocation of a bulk import's leads, say) wait while any other job is
 * due, so ten thousand of them never hold up a payment's next step or an e-mail. The due index
 * orders by the lane first, as the workers claim.
 */
export class Migration0053BackgroundJobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE jobs ADD COLUMN background boolean NOT NULL DEFAULT false`);
    this.addSql(`DROP INDEX jobs_due`);
    this.addSql(`CREATE INDEX jobs_due ON jobs (queue, background, run_at) WHERE status = 'waiting'`);
    // A job whose worker died is looked for apart from those due, by its lock's end.
    this.addSql(`CREATE INDEX jobs_abandoned ON jobs (queue, locked_until) WHERE status = 'active'`);
  }
}
