import { Paperclip, X } from 'lucide-react';

import { MAX_ATTACHMENT_BYTES } from '../../../../../src/modules/support/contracts/ticket-values';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';

const ACCEPT = 'image/*,.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

type FilePickerProps = {
  id: string;
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** How many files it takes at most (the rest are refused with a toast). */
  max?: number;
};

/** Files chosen to send (images, PDF, DOC, DOCX of 10MB at most each), listed with a remove button each. */
export function FilePicker({ id, label, files, onChange, max = Infinity }: FilePickerProps) {
  const add = (chosen: FileList | null) => {
    const fitting = [...(chosen ?? [])].filter((file) => {
      if (file.size <= MAX_ATTACHMENT_BYTES) return true;
      toast({ title: 'File too large', description: `${file.name} exceeds 10MB limit`, variant: 'destructive' });
      return false;
    });
    const kept = [...files, ...fitting];
    if (kept.length > max) toast({ title: 'Too many files', description: `At most ${max} files each time`, variant: 'destructive' });
    onChange(kept.slice(0, max));
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {/* The browser's own input would say "No file chosen" after each pick (the list below keeps them): it is hidden behind a button saying how many are chosen. */}
      <div className="mt-1 flex items-center gap-3">
        <input
          id={id}
          type="file"
          multiple
          accept={ACCEPT}
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-700"
        >
          <Paperclip className="h-4 w-4" aria-hidden /> Choose files
        </label>
        <span className="text-sm text-slate-700" aria-live="polite">
          {files.length === 0 ? 'No files chosen' : `${files.length} file${files.length === 1 ? '' : 's'} chosen`}
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-600">Images, PDF, DOC or DOCX, up to 10MB each.</p>
      {files.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm" aria-label="Files to attach">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="flex items-center gap-2">
              <Paperclip className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{file.name}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
