import { cn } from '../../../lib/cn';
import { HELP_REQUEST_VIEWS, type HelpRequestView } from '../api/support';

const LABELS: Record<HelpRequestView, string> = { all: 'All', mine: 'Mine', unassigned: 'Unassigned', overdue: 'Overdue' };

/** The dashboard's views as one radio group (arrow keys move between them), drawn as a segmented control. */
export function ViewSwitcher({ value, onChange }: { value: HelpRequestView; onChange: (view: HelpRequestView) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">View</legend>
      <div className="mt-1 inline-flex flex-wrap rounded-md border border-slate-300 bg-white">
        {HELP_REQUEST_VIEWS.map((view, index) => (
          <label
            key={view}
            className={cn(
              'relative px-4 py-2 text-sm font-medium text-slate-800 first:rounded-l-md last:rounded-r-md hover:bg-slate-100 has-[:checked]:bg-brand-700 has-[:checked]:text-white',
              index > 0 && 'border-l border-slate-300',
            )}
          >
            <input
              type="radio"
              name="help-requests-view"
              value={view}
              checked={value === view}
              onChange={() => onChange(view)}
              // The radio covers its segment: a click anywhere on it chooses it, and its focus ring (raised over the neighbours) outlines the segment.
              className="absolute inset-0 cursor-pointer appearance-none rounded-[inherit] focus-visible:z-10"
            />
            {LABELS[view]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
