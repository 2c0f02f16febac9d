import { cn } from '../../lib/cn';

type SwitchProps = { checked: boolean; onCheckedChange: (checked: boolean) => void; label: string; disabled?: boolean; className?: string };

/** An on/off switch (role switch), named by `label` for screen readers. */
export function Switch({ checked, onCheckedChange, label, disabled = false, className }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        checked ? 'bg-brand-700' : 'bg-slate-400',
        className,
      )}
    >
      <span
        aria-hidden
        className={cn('inline-block h-5 w-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-5' : 'translate-x-0.5')}
      />
    </button>
  );
}
