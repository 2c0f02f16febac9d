import { Landmark, Scale, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router-dom';

import { cn } from '../lib/cn';
import { useApiQuery } from '../lib/use-api-query';
import { fetchFinanceAccess } from './api/wallet';

const ITEMS: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/finance/wallets', label: 'Wallets', icon: Landmark },
  { to: '/finance/reconciliation', label: 'Reconciliation', icon: Scale },
];

/** The sidebar's Finance group, for admins and finance users only (asked of the server once). */
export function FinanceMenu({ compact }: { compact: boolean }) {
  const { data } = useApiQuery('/api/wallet/access', fetchFinanceAccess, { failure: 'Failed to check your access', expected: () => true });
  if (!data?.finance) return null;
  return (
    <div role="group" aria-labelledby="sidebar-finance" className="space-y-1 pt-3">
      <p id="sidebar-finance" className={cn('px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600', compact && 'sr-only')}>
        Finance
      </p>
      {ITEMS.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          title={compact ? label : undefined}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-md px-2 py-2 text-sm font-medium',
              compact && 'justify-center',
              isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
            )
          }
        >
          <Icon className="h-4 w-4 shrink-0" aria-hidden />
          <span className={cn(compact && 'sr-only')}>{label}</span>
        </NavLink>
      ))}
    </div>
  );
}
