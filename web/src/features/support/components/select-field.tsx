type SelectFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
};

/** A labelled native select (the filters and the dialog's choices). */
export function SelectField({ id, label, value, onChange, options, placeholder }: SelectFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
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
    </div>
  );
}

/** Options whose label is their value. */
export const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
