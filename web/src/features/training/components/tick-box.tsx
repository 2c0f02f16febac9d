import { Check } from 'lucide-react';

import { cn } from '../../../lib/cn';

/** A checkbox with its label, large enough to tap on a phone. */
export function TickBox({
  id,
  label,
  checked,
  onChange,
  className,
  hideLabel = false,
  strike = true,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
  hideLabel?: boolean;
  /** Whether a ticked label is struck through (a done task), not for the day's own Complete box. */
  strike?: boolean;
}) {
  return (
    <label htmlFor={id} className={cn('flex min-h-9 cursor-pointer items-start gap-3 py-1 text-sm text-slate-800', className)}>
      <span className="relative mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          className="peer h-5 w-5 cursor-pointer appearance-none rounded border-2 border-slate-400 bg-white checked:border-green-600 checked:bg-green-600"
        />
        <Check className="pointer-events-none absolute hidden h-3.5 w-3.5 text-white peer-checked:block" aria-hidden strokeWidth={3} />
      </span>
      <span className={cn(hideLabel ? 'sr-only' : checked && strike && 'text-slate-600 line-through decoration-slate-400')}>{label}</span>
    </label>
  );
}
