import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { orgDay, zoneLabel } from '../../lib/format';
import { Button } from '../ui/button';

const INPUT = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

/** 'Download statement (CSV)' for a date range (this month so far by default); its days and times are the session's time zone's (the agent's choice, else the organisation's), as the form says. */
export function StatementDownload({ urlFor }: { urlFor: (from: string, to: string) => string }) {
  const today = orgDay();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError('Choose both dates');
    if (from > to) return setError('The start must not be after the end');
    setError(null);
    const link = document.createElement('a');
    link.href = urlFor(from, to);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Download statement">
      <label className="text-sm font-medium text-slate-700">
        From
        <input type="date" className={INPUT} value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} required />
      </label>
      <label className="text-sm font-medium text-slate-700">
        To
        <input type="date" className={INPUT} value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} required />
      </label>
      <Button type="submit" variant="outline">
        <Download className="h-4 w-4" aria-hidden /> Download statement (CSV)
      </Button>
      <p className="w-full text-xs text-slate-600" data-testid="statement-zone">
        Days and times are in {zoneLabel()}.
      </p>
      {error && (
        <p className="w-full text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
