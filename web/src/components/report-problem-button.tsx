import { Flag } from 'lucide-react';

import { useHelpRequestDialog, type HelpRequestSubject } from '../app/help-request-dialog-store';
import { cn } from '../lib/cn';

/**
 * 'Report a problem' on one item of the agent's money side (a wallet entry, a lead, a delivery):
 * opens Submit Help Request about it. A small flag, named with its item for screen readers (each row's
 * flag is told apart) and 'Report a problem' on hover.
 */
export function ReportProblemButton({ about, className }: { about: HelpRequestSubject; className?: string }) {
  const show = useHelpRequestDialog((s) => s.show);
  return (
    <button
      type="button"
      aria-label={`Report a problem with ${about.label}`}
      title="Report a problem"
      onClick={() => show(about)}
      className={cn(
        'relative inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-700',
        className,
      )}
    >
      <Flag className="h-4 w-4" aria-hidden />
    </button>
  );
}
