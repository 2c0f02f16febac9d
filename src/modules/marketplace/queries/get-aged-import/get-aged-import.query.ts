import type { SqlClient } from '../../../../platform/persistence/sql.js';

export type AgedImportDuplicate = {
  readonly row: number;
  readonly leadId: string;
  readonly duplicateOf: string;
  readonly field: 'externalId' | 'phone / email';
  readonly message: string;
};
export type AgedImportError = { readonly row: number; readonly field: string; readonly message: string };

/** An import as its admin follows it: where it is, and what became of each row not imported. */
export type AgedImportView = {
  readonly importId: string;
  readonly vendorId: string;
  readonly vendorName: string;
  readonly adminId: string;
  readonly fileName: string | null;
  readonly status: 'queued' | 'running' | 'done' | 'failed';
  readonly rows: number;
  readonly rowsDone: number;
  readonly imported: number;
  readonly rejected: number;
  readonly duplicates: readonly AgedImportDuplicate[];
  readonly errors: readonly AgedImportError[];
  readonly failure: string | null;
  readonly createdAt: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
};

const AGED_IMPORT_SUMMARY_COLUMNS = `i.import_id AS "importId", i.vendor_id AS "vendorId", v.name AS "vendorName", i.admin_id AS "adminId",
  i.file_name AS "fileName", i.status, i.rows_total AS "rows", i.rows_done AS "rowsDone", i.imported, i.rejected, i.failure,
  i.created_at AS "createdAt", i.started_at AS "startedAt", i.finished_at AS "finishedAt"`;

export type AgedImportSummary = Omit<AgedImportView, 'duplicates' | 'errors'> & { readonly duplicateCount: number };
const SUMMARY = `${AGED_IMPORT_SUMMARY_COLUMNS}, jsonb_array_length(i.duplicates) AS "duplicateCount"`;

/** One import with its report (rows in file order), or null when there is none. */
export async function agedImport(db: SqlClient, importId: string): Promise<AgedImportView | null> {
  const { rows } = await db.query<AgedImportView>(
    `SELECT ${AGED_IMPORT_SUMMARY_COLUMNS}, i.duplicates, i.errors
       FROM aged_imports i JOIN lead_vendors v ON v.vendor_id = i.vendor_id WHERE i.import_id = $1`,
    [importId],
  );
  return rows[0] ?? null;
}

/** One import's progress and counts without its report (what a page following it needs while it runs), or null. */
export async function agedImportSummary(db: SqlClient, importId: string): Promise<AgedImportSummary | null> {
  const { rows } = await db.query<AgedImportSummary>(
    `SELECT ${SUMMARY} FROM aged_imports i JOIN lead_vendors v ON v.vendor_id = i.vendor_id WHERE i.import_id = $1`,
    [importId],
  );
  return rows[0] ?? null;
}

/** The latest imports, newest first, without their reports. */
export async function latestAgedImports(db: SqlClient, limit: number): Promise<AgedImportSummary[]> {
  const { rows } = await db.query<AgedImportSummary>(
    `SELECT ${SUMMARY} FROM aged_imports i JOIN lead_vendors v ON v.vendor_id = i.vendor_id ORDER BY i.created_at DESC LIMIT $1`,
    [limit],
  );
  return rows;
}
