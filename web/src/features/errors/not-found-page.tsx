import { Link } from 'react-router-dom';

import { CONTENT_ID } from '../../app/skip-link';

export function NotFoundPage() {
  return (
    <main id={CONTENT_ID} className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="text-center">
        <h1 className="text-6xl font-bold text-brand-900">404</h1>
        <p className="mt-4 text-xl text-slate-600">Oops! Page not found</p>
        <Link to="/" className="mt-6 inline-block text-brand-700 underline hover:text-brand-900">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
