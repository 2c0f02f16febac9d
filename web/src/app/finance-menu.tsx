import { Landmark, Scale } from 'lucide-react';

import { cn } from '../lib/cn';
import { useApiQuery } from '../lib/use-api-query';
import { fetchFinanceAccess } from './api/wallet';
import { MenuLinks } from './menu-links';
import type { MenuItem } from './portal-menu';

const ITEMS: MenuItem[] = [
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
      <MenuLinks items={ITEMS} compact={compact} end={false} />
    </div>
  );
}
