import { Link } from 'react-router-dom';

import { TestSection } from './test-section';

const ACTIONS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/campaigns', label: 'Campaigns' },
  { to: '/my-leads', label: 'My Leads' },
  { to: '/integrations', label: 'Integrations' },
  { to: '/wallet', label: 'Wallet' },
  { to: '/transfers', label: 'Transfers' },
  { to: '/profile', label: 'Banking (Profile)' },
  { to: '/bonus-calculator', label: 'Bonus Calculator' },
] as const;

/** Links to the main pages, to see what a test changed. */
export function QuickActionsSection() {
  return (
    <TestSection id="quick-actions" title="Quick Actions" description="Open the main pages to see what a test changed." wide>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {ACTIONS.map((action) => (
          <li key={action.to}>
            <Link
              to={action.to}
              className="block rounded-md border border-slate-300 px-3 py-2 text-center text-sm font-medium text-slate-800 hover:bg-slate-100"
            >
              {action.label}
            </Link>
          </li>
        ))}
      </ul>
    </TestSection>
  );
}
