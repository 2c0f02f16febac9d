import { useState, type FormEvent } from 'react';

import { importGroups, MAX_IMPORT_BYTES, type ImportReport } from '../../../app/api/groups';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { ApiRequestError } from '../../../lib/api-client';

type Props = { readonly open: boolean; readonly onClose: () => void; readonly onImported: () => void };

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Import: a CSV file (header row; columns group name and member email) sent to the server, then its answer for each row. */
export function ImportGroupsDialog({ open, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setFile(null);
    setError(null);
    setReport(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose a CSV file.');
    if (file.size > MAX_IMPORT_BYTES) return setError('The file is too large: at most 1 MB.');
    setBusy(true);
    setError(null);
    try {
      setReport(await importGroups(await file.text()));
      onImported();
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? (failure.fieldErrors[0]?.message ?? failure.message) : 'The file could not be read.');
    } finally {
      setBusy(false);
    }
  };

  const refused = report?.rows.filter((row) => !row.ok).length ?? 0;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent blocking={busy}>
        <DialogTitle>{report ? 'Import Report' : 'Import Groups'}</DialogTitle>
        <DialogDescription>
          {report
            ? `${plural(report.groupsCreated, 'group')} created, ${plural(report.invited, 'invitation')} sent, ${plural(refused, 'row')} not imported.`
            : 'A CSV file with a header row and the columns group name and member email (at most 1 MB and 5,000 rows). Missing groups are created and each address is invited; people join a group when they accept, and nobody is invited twice.'}
        </DialogDescription>
        {report ? (
          <>
            <ol className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 text-sm" aria-label="Rows">
              {report.rows.map((row) => (
                <li key={row.row} className="flex gap-3 px-3 py-2">
                  <span className="w-16 shrink-0 tabular-nums text-slate-600">Row {row.row}</span>
                  <div className="min-w-0">
                    <p className={row.ok ? 'text-green-800' : 'text-red-800'}>
                      {row.ok ? 'OK: ' : 'Not imported: '}
                      {row.message}
                    </p>
                    {(row.group || row.email) && <p className="break-all text-xs text-slate-600">{[row.group, row.email].filter(Boolean).join(' · ')}</p>}
                  </div>
                </li>
              ))}
            </ol>
            <div className="flex justify-end">
              <Button onClick={close}>Done</Button>
            </div>
          </>
        ) : (
          <form className="space-y-4" onSubmit={submit} noValidate>
            <div>
              <label htmlFor="groups-file" className="block text-sm font-medium text-slate-800">
                CSV file
              </label>
              <input
                id="groups-file"
                type="file"
                accept=".csv,text/csv"
                onChange={(e) => (setFile(e.target.files?.[0] ?? null), setError(null))}
                className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
              />
            </div>
            {error && (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
            <div className="flex justify-end gap-3">
              <Button type="button" variant="outline" disabled={busy} onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Importing...' : 'Import'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
