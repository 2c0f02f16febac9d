import { Download, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { AGED_IMPORTS_TOPIC } from '../../../../../src/modules/marketplace/contracts/aged-imports';
import { useSession } from '../../../app/session-store';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';
import {
  agedImportReportUrl,
  fetchAgedImport,
  fetchAgedImportProgress,
  fetchAgedImports,
  startAgedImport,
  type AgedImport,
  type AgedImportSummary,
  type LeadVendorRow,
} from '../api/marketplace-admin';

const MAX_BYTES = 2 * 1024 * 1024;
const COLUMNS = 'firstName, lastName, phone, email, state, zip, dateOfBirth, age, tier, consentText, consentAt, externalId';
/** Rows of the report shown on the page; the whole report is a download. */
const SHOWN_LINES = 200;
const count = (n: number) => n.toLocaleString('en-US');
/** An import still running, one this page picks up again when it opens (older ones are taken as stuck). */
const RESUMED_WITHIN_MS = 60 * 60_000;
const finished = (found: { status: AgedImport['status'] } | undefined) => found?.status === 'done' || found?.status === 'failed';
const isReport = (found: AgedImport | AgedImportSummary | undefined): found is AgedImport => found !== undefined && 'errors' in found;

/** Imports aged-lead inventory from a CSV file under a vendor, follows the import's job, and shows what became of each row. */
export function AgedImportCard({ vendors, onImported }: { vendors: LeadVendorRow[]; onImported: () => void }) {
  const [vendorId, setVendorId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per upload: the same upload sent again (a retry after a lost answer) starts no second import; another file or vendor is another upload.
  const uploadKey = useRef(crypto.randomUUID());
  const adminId = useSession((state) => state.user?.id);
  // While the import runs its counts are followed; once it has finished, its report is loaded.
  const [phase, setPhase] = useState<'progress' | 'report'>('progress');
  const current = useApiQuery<AgedImport | AgedImportSummary>(
    `aged-import:${importId ?? ''}:${phase}`,
    () => (phase === 'report' ? fetchAgedImport(importId!) : fetchAgedImportProgress(importId!)),
    { failure: 'Failed to load the import', reloadOn: [AGED_IMPORTS_TOPIC], enabled: importId !== null },
  );
  const shown = current.data?.importId === importId ? current.data : undefined;
  useEffect(() => {
    if (finished(shown) && !isReport(shown)) setPhase('report');
  }, [shown]);

  // The admin's own import still running when the page opens (they came back to it) is followed again.
  useEffect(() => {
    let active = true;
    fetchAgedImports()
      .then((imports) => {
        const running = imports.find((found) => found.adminId === adminId && !finished(found) && Date.now() - Date.parse(found.createdAt) < RESUMED_WITHIN_MS);
        if (active && running) setImportId((id) => id ?? running.importId);
      })
      .catch(() => {});
    return () => {
      active = false;
    };
  }, [adminId]);

  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!isReport(shown) || !finished(shown) || announced.current === shown.importId) return;
    announced.current = shown.importId;
    if (shown.status === 'done') toast({ title: 'Import finished', description: `${count(shown.imported)} of ${count(shown.rows)} rows imported.` });
    else toast({ title: 'Import failed', description: shown.failure ?? 'The import stopped.', variant: 'destructive' });
    onImported();
  }, [shown, onImported]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!vendorId) return setProblem('Choose the vendor the leads came from.');
    if (!file) return setProblem('Choose a CSV file to import.');
    if (file.size > MAX_BYTES) return setProblem('The CSV file is larger than 2 MB. Split it into smaller files and import them one by one.');
    setBusy(true);
    try {
      const started = await startAgedImport(vendorId, await file.text(), file.name, uploadKey.current);
      announced.current = finished(started) ? started.importId : null;
      current.update(() => started);
      setPhase(finished(started) ? 'report' : 'progress');
      setImportId(started.importId);
    } catch (failure) {
      setProblem(failure instanceof ApiRequestError ? failure.message : 'The import could not be started. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const running = shown !== undefined && !finished(shown);
  // The job's realtime notices move the page on; a slow poll besides, in case one is missed.
  const { reload } = current;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), 3_000);
    return () => clearInterval(timer);
  }, [running, reload]);

  return (
    <section aria-labelledby="aged-import-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id="aged-import-title" className="text-lg font-semibold text-brand-900">
          Import aged-lead inventory
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A CSV file of at most 2 MB and 10,000 rows with a header row naming the columns: <span className="break-words font-mono text-xs">{COLUMNS}</span>.
          Each row is checked as the intake API checks a lead; a lead whose phone or e-mail came in within 30 days is stored as a duplicate and never sold. The
          import runs in the background: you may leave this page and come back to it.
        </p>
      </div>
      <form className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" onSubmit={(event) => void submit(event)} noValidate>
        <div>
          <label htmlFor="import-vendor" className="block text-sm font-medium text-slate-800">
            Vendor
          </label>
          <select
            id="import-vendor"
            value={vendorId}
            onChange={(e) => {
              setVendorId(e.target.value);
              uploadKey.current = crypto.randomUUID();
            }}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
          >
            <option value="">Choose a vendor</option>
            {vendors.map((vendor) => (
              <option key={vendor.vendorId} value={vendor.vendorId}>
                {vendor.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
            CSV file
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              uploadKey.current = crypto.randomUUID();
            }}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
          />
        </div>
        <Button type="submit" disabled={busy}>
          <Upload className="h-4 w-4" aria-hidden /> {busy ? 'Sending...' : 'Import'}
        </Button>
      </form>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      {shown && (isReport(shown) && finished(shown) ? <ImportReport result={shown} /> : <ImportProgress progress={shown} />)}
    </section>
  );
}

function ImportProgress({ progress }: { progress: AgedImport | AgedImportSummary }) {
  const percent = progress.rows === 0 ? 0 : Math.round((progress.rowsDone / progress.rows) * 100);
  const label = progress.status === 'queued' ? 'Waiting to start…' : `${count(progress.rowsDone)} of ${count(progress.rows)} rows checked`;
  return (
    <div className="space-y-2" data-testid="import-progress">
      <p className="text-sm font-medium text-slate-800" aria-live="polite">
        Importing {progress.fileName ?? 'the file'}: {label}
      </p>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={progress.rows}
        aria-valuenow={progress.rowsDone}
        aria-valuetext={label}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function ImportReport({ result }: { result: AgedImport }) {
  const lines = [
    ...result.errors.map((error) => ({ row: error.row, kind: 'Rejected', field: error.field, message: error.message })),
    ...result.duplicates.map((duplicate) => ({ row: duplicate.row, kind: 'Duplicate', field: duplicate.field, message: duplicate.message })),
  ].sort((a, b) => a.row - b.row);
  return (
    <div className="space-y-3" data-testid="import-report">
      {result.status === 'failed' && (
        <p role="alert" className="text-sm text-red-600">
          The import stopped after {count(result.rowsDone)} of {count(result.rows)} rows: {result.failure}
        </p>
      )}
      <p className="text-sm font-medium text-slate-800">
        {count(result.rows)} rows: {count(result.imported)} imported, {count(result.duplicates.length)} duplicates, {count(result.rejected)} rejected.
      </p>
      {lines.length > 0 && (
        <>
          <div className="max-h-80 overflow-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label="Rows not imported">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50 text-slate-700">
                <tr>
                  {['Row', 'Outcome', 'Field', 'Message'].map((heading) => (
                    <th key={heading} scope="col" className="px-3 py-2">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {lines.slice(0, SHOWN_LINES).map((line, index) => (
                  <tr key={index} className="border-t border-slate-100 align-top">
                    <td className="px-3 py-2 tabular-nums">{line.row}</td>
                    <td className={line.kind === 'Rejected' ? 'px-3 py-2 text-red-700' : 'px-3 py-2 text-amber-800'}>{line.kind}</td>
                    <td className="px-3 py-2 font-mono text-xs">{line.field}</td>
                    <td className="px-3 py-2">{line.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {lines.length > SHOWN_LINES && (
              <p className="text-sm text-slate-600">
                The first {SHOWN_LINES} of {count(lines.length)} rows are shown.
              </p>
            )}
            <Button asChild variant="outline" size="sm">
              <a href={agedImportReportUrl(result.importId)} download>
                <Download className="h-4 w-4" aria-hidden /> Download the report (CSV)
              </a>
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
