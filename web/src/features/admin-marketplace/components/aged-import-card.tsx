import { Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { ApiRequestError } from '../../../lib/api-client';
import { importAgedLeads, type AgedImportResult, type LeadVendorRow } from '../api/marketplace-admin';

const MAX_BYTES = 2 * 1024 * 1024;
const COLUMNS = 'firstName, lastName, phone, email, state, zip, dateOfBirth, age, tier, consentText, consentAt, externalId';

/** Imports aged-lead inventory from a CSV file under a vendor, and shows what became of each row. */
export function AgedImportCard({ vendors, onImported }: { vendors: LeadVendorRow[]; onImported: () => void }) {
  const [vendorId, setVendorId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<AgedImportResult | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setResult(null);
    if (!vendorId) return setProblem('Choose the vendor the leads came from.');
    if (!file) return setProblem('Choose a CSV file to import.');
    if (file.size > MAX_BYTES) return setProblem('The CSV file is larger than 2 MB. Split it into smaller files and import them one by one.');
    setBusy(true);
    try {
      const answer = await importAgedLeads(vendorId, await file.text());
      setResult(answer);
      toast({ title: 'Import finished', description: `${answer.imported} of ${answer.rows} rows imported.` });
      onImported();
    } catch (failure) {
      setProblem(failure instanceof ApiRequestError ? failure.message : 'The import failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="aged-import-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id="aged-import-title" className="text-lg font-semibold text-brand-900">
          Import aged-lead inventory
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A CSV file of at most 2 MB and 10,000 rows with a header row naming the columns: <span className="break-words font-mono text-xs">{COLUMNS}</span>.
          Each row is checked as the intake API checks a lead; a lead whose phone or e-mail came in within 30 days is stored as a duplicate and never sold.
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
            onChange={(e) => setVendorId(e.target.value)}
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
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2"
          />
        </div>
        <Button type="submit" disabled={busy}>
          <Upload className="h-4 w-4" aria-hidden /> {busy ? 'Importing...' : 'Import'}
        </Button>
      </form>
      {problem && (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      )}
      {result && <ImportReport result={result} />}
    </section>
  );
}

function ImportReport({ result }: { result: AgedImportResult }) {
  const lines = [
    ...result.errors.map((error) => ({ row: error.row, kind: 'Rejected', field: error.field, message: error.message })),
    ...result.duplicates.map((duplicate) => ({ row: duplicate.row, kind: 'Duplicate', field: duplicate.field, message: duplicate.message })),
  ].sort((a, b) => a.row - b.row);
  return (
    <div className="space-y-3" data-testid="import-report">
      <p className="text-sm font-medium text-slate-800">
        {result.rows} rows: {result.imported} imported, {result.duplicates.length} duplicates, {result.rejected} rejected.
      </p>
      {lines.length > 0 && (
        <div className="max-h-80 overflow-auto rounded-md border border-slate-200" tabIndex={0} role="region" aria-label="Rows not imported">
          <table className="w-full text-left text-sm">
            <thead className="sticky top-0 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Row
                </th>
                <th scope="col" className="px-3 py-2">
                  Outcome
                </th>
                <th scope="col" className="px-3 py-2">
                  Field
                </th>
                <th scope="col" className="px-3 py-2">
                  Message
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
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
      )}
    </div>
  );
}
