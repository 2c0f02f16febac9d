import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router-dom';

import type { LinkButton as LinkButtonData } from '../../../../../src/modules/training/contracts/training-content';

const STYLE = 'inline-flex items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium';

/** A schedule's link: a portal page in this tab, an outside site in a new one, a document not published yet as 'coming soon'. */
export function LinkButton({ link }: { link: LinkButtonData }) {
  if (link.url === null)
    return (
      <span className={`${STYLE} border-dashed border-slate-300 text-slate-600`} aria-label={`${link.label} (coming soon)`}>
        {link.label} <span className="text-xs">coming soon</span>
      </span>
    );
  if (link.url.startsWith('/'))
    return (
      <Link to={link.url} className={`${STYLE} border-brand-100 bg-brand-50 text-brand-700 hover:bg-brand-100`}>
        {link.label}
      </Link>
    );
  return (
    <a href={link.url} target="_blank" rel="noopener noreferrer" className={`${STYLE} border-brand-100 bg-brand-50 text-brand-700 hover:bg-brand-100`}>
      {link.label} <ExternalLink className="h-3.5 w-3.5" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
