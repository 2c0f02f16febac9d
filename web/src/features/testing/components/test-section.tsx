import type { ReactNode } from 'react';

/** One section of the testing page. */
export function TestSection({
  id,
  title,
  description,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={`min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-5 ${wide ? 'lg:col-span-2' : ''}`}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <div className="mt-1 text-sm text-slate-600">{description}</div>
      <div className="mt-4">{children}</div>
    </section>
  );
}
