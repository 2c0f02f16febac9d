import { Migration } from '@mikro-orm/migrations';

/**
 * An aged-lead CSV import runs as a job: the file waits here until the job has stored its rows,
 * batch by batch, each batch's leads and the import's progress committed together (a retried
 * job goes on from `rows_done`). The file is cleared once the import has finished or failed.
 * `request_hash` tells an upload sent again under its Idempotency-Key from another file or vendor.
 */
export class Migration0052AgedImports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE aged_imports (
        import_id uuid PRIMARY KEY,
        vendor_id uuid NOT NULL REFERENCES lead_vendors (vendor_id),
        admin_id uuid NOT NULL,
        request_hash text NOT NULL,
        file_name text,
        csv text,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
        rows_total integer NOT NULL,
        rows_done integer NOT NULL DEFAULT 0,
        imported integer NOT NULL DEFAULT 0,
        rejected integer NOT NULL DEFAULT 0,
        duplicates jsonb NOT NULL DEFAULT '[]',
        errors jsonb NOT NULL DEFAULT '[]',
        failure text,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    this.addSql(`CREATE INDEX aged_imports_latest ON aged_imports (created_at DESC)`);
  }
}
