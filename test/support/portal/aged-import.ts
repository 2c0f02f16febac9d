import { eventually } from '../waiting.js';
import type { ApiClient } from './api-client.js';

/** An aged-lead import as GET /api/admin/aged-leads/imports/:id answers it. */
export type AgedImport = {
  importId: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  rows: number;
  rowsDone: number;
  imported: number;
  rejected: number;
  duplicates: { row: number; leadId: string; duplicateOf: string; field: string; message: string }[];
  errors: { row: number; field: string; message: string }[];
  failure: string | null;
};

/** Follows an import until its job has finished it (done or failed), reading it as the admin page does. */
export function finishedImport(admin: ApiClient, importId: string): Promise<AgedImport> {
  return eventually(
    `import ${importId} to finish`,
    async () => {
      const answer = await admin.request('GET', `/api/admin/aged-leads/imports/${importId}`);
      if (answer.status !== 200) throw new Error(`GET import ${importId}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as AgedImport;
    },
    (found) => found.status === 'done' || found.status === 'failed',
  );
}

/** Sends a CSV file to be imported under a vendor and waits for the import's report. */
export async function importAgedCsv(admin: ApiClient, vendorId: string, csv: string, headers: Record<string, string> = {}): Promise<AgedImport> {
  const started = await admin.request('POST', `/api/admin/aged-leads/import?vendorId=${vendorId}`, csv, { 'content-type': 'text/csv', ...headers });
  if (started.status !== 202) throw new Error(`POST import: ${started.status} ${await started.text()}`);
  return finishedImport(admin, ((await started.json()) as AgedImport).importId);
}
