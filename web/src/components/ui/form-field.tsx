import type { InputHTMLAttributes } from 'react';

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null };

/** A labelled input with its error under it, announced to screen readers. */
export function FormField({ label, error, id, ...input }: FormFieldProps) {
  const fieldId = id ?? `field-${input.name}`;
  return (
    <div>
      <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fieldId}-error` : undefined}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-base aria-[invalid]:border-red-500"
        {...input}
      />
      {error && (
        <p id={`${fieldId}-error`} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
