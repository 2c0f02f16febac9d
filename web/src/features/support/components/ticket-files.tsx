import { Download, Paperclip } from 'lucide-react';

import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { ticketFileUrl, type TicketFile } from '../api/support';

/** Fetches the file and hands it to the browser to save; a refusal is toasted with the server's words. */
async function download(ticketId: string, file: TicketFile, failure: { title: string; fallback: string }) {
  try {
    const response = await fetch(ticketFileUrl(ticketId, file.fileId), { credentials: 'same-origin' });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { message?: string } | null;
      throw new Error(body?.message ?? failure.fallback);
    }
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: file.name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    toast({ title: failure.title, description: error instanceof Error ? error.message : failure.fallback, variant: 'destructive' });
  }
}

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

type TicketFilesProps = {
  ticketId: string;
  files: TicketFile[];
  failure: { title: string; fallback: string };
  /** The list's accessible name: a reply's files are named apart from the request's. */
  label?: string;
};

/** A ticket's (or one reply's) attached files, each with its download. */
export function TicketFiles({ ticketId, files, failure, label = 'Attached files' }: TicketFilesProps) {
  if (files.length === 0) return <p className="text-sm text-slate-600">No files attached.</p>;
  return (
    <ul className="space-y-1" aria-label={label}>
      {files.map((file) => (
        <li key={file.fileId} className="flex items-center gap-2 text-sm">
          <Paperclip className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <span className="min-w-0 flex-1 truncate">{file.name}</span>
          <span className="shrink-0 text-xs text-slate-500">{sizeOf(file.size)}</span>
          <Button type="button" size="sm" variant="outline" onClick={() => void download(ticketId, file, failure)} aria-label={`Download ${file.name}`}>
            <Download className="h-4 w-4" aria-hidden /> Download
          </Button>
        </li>
      ))}
    </ul>
  );
}
