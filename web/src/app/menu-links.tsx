import { Link, NavLink } from 'react-router-dom';

import { cn } from '../lib/cn';
import type { MenuItem } from './portal-menu';

/**
 * The sidebar's links. `end` (the default) marks a link active on its own path only; without it
 * also on the paths below (Finance's Wallets stays active on one wallet's page).
 */
export function MenuLinks({ items, compact, end = true }: { items: readonly MenuItem[]; compact: boolean; end?: boolean }) {
  return items.map(({ to, label, icon: Icon }) =>
    // A link with a query is an action on a page (Buy Leads opens Campaigns' dialog), never the page the user is on.
    to.includes('?') ? (
      <Link
        key={to}
        to={to}
        title={compact ? label : undefined}
        className={cn('flex items-center gap-3 rounded-md px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100', compact && 'justify-center')}
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden />
        <span className={cn(compact && 'sr-only')}>{label}</span>
      </Link>
    ) : (
      <NavLink
        key={to}
        to={to}
        end={end}
        title={compact ? label : undefined}
        className={({ isActive }) =>
          cn(
            'flex items-center gap-3 rounded-md px-2 py-1.5 text-sm font-medium',
            compact && 'justify-center',
            isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
          )
        }
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden />
        <span className={cn(compact && 'sr-only')}>{label}</span>
      </NavLink>
    ),
  );
}
