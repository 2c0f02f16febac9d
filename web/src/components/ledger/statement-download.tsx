import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '../ui/button';

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const INPUT = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

/** 'Download statement (CSV)' for a date range (this month so far by default); the server writes it in the agent's time zone. */
export function StatementDownload({ urlFor }: { urlFor: (from: string, to: string) => string }) {
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getFullYear(), today.getMonth(), 1)));
  const [to, setTo] = useState(isoDay(today));
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
      {error && (
        <p className="w-full text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
