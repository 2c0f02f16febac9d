import { Link } from 'react-router-dom';

/** A page of the portal that this server does not offer yet: said plainly, not faked. */
export function NotOpenYetPage({ title }: { title: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{title}</h1>
      <p className="mt-4 text-slate-600">This part of the portal is not open yet on this server.</p>
      <Link to="/" className="mt-6 inline-block text-brand-600 underline">
        Return to Home
      </Link>
    </div>
  );
}
