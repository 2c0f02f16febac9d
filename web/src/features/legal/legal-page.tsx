import legal from '../../content/legal.json';

export function LegalPage({ document }: { document: 'terms' | 'privacy' }) {
  const content = legal[document];
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight text-brand-900">{content.title}</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated: {legal.lastUpdated}</p>
      {content.sections.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          <p className="mt-2 leading-relaxed text-slate-700">{section.body}</p>
        </section>
      ))}
    </article>
  );
}
