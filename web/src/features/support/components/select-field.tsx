import { cn } from '../../../lib/cn';

type SelectFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  /** What is wrong with the choice, shown under it and read out with it. */
  error?: string | undefined;
};

/** A labelled native select (the filters and the dialog's choices). */
export function SelectField({ id, label, value, onChange, options, placeholder, error }: SelectFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn('mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base', error ? 'border-red-600' : 'border-slate-300')}
      >
        {placeholder !== undefined && (
          <option value="" disabled={placeholder.startsWith('Select')}>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Options whose label is their value. */
export const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
