import { cn } from '../../lib/cn';

/** What every page and card shows while its data is on its way (announced to screen readers). */
export function Loading({ className }: { className?: string }) {
  return (
    <p role="status" className={cn('text-slate-600', className)}>
      Loading...
    </p>
  );
}
