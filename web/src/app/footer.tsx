import { Link } from 'react-router-dom';

import site from '../content/site.json';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-slate-600 sm:flex-row">
        <p>
          © {new Date().getFullYear()} {site.organisation}. All rights reserved.
        </p>
        <nav aria-label="Legal" className="flex gap-4">
          <Link to="/terms-and-conditions" className="hover:text-brand-700 hover:underline">
            Terms and Conditions
          </Link>
          <Link to="/privacy-policy" className="hover:text-brand-700 hover:underline">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
