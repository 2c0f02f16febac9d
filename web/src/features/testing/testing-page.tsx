import { Link } from 'react-router-dom';

import { useSession } from '../../app/session-store';
import { AdminOnly } from '../../components/admin-only';
import { Loading } from '../../components/ui/loading';
import { AgedLeadsSection } from './components/aged-leads-section';
import { AgentMatchSection } from './components/agent-match-section';
import { BalanceSection } from './components/balance-section';
import { BonusCalculatorSection } from './components/bonus-calculator-section';
import { BusinessLeadsSection } from './components/business-leads-section';
import { CrmSection } from './components/crm-section';
import { QuickActionsSection } from './components/quick-actions-section';
import { TransferSection } from './components/transfer-section';

/**
 * /testing ('Backend Features Testing'), admins only: each section calls the real API it tests
 * and shows pass or fail with the answer. Signed out: 'Not authenticated'.
 */
export function TestingPage() {
  const status = useSession((s) => s.status);
  if (status === 'loading') return <Loading />;
  if (status === 'signed-out')
    return (
      <div className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-bold text-brand-900">Backend Features Testing</h1>
        <p role="alert" className="mt-3 text-red-700">
          Not authenticated
        </p>
        <p className="mt-2 text-slate-600">
          <Link to="/auth" className="text-brand-600 underline">
            Sign in
          </Link>{' '}
          with an admin account to use the testing page.
        </p>
      </div>
    );
  return (
    <AdminOnly>
      <div className="mx-auto max-w-6xl space-y-6">
        <div>
          <h1 className="text-2xl font-bold text-brand-900">Backend Features Testing</h1>
          <p className="mt-1 max-w-3xl text-slate-600">
            Each section calls the portal's real API with your admin session and shows whether it passed, with the answer. Purchases, transfers and credits are
            real: they move money in the wallets they name.
          </p>
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <BusinessLeadsSection />
          <TransferSection />
          <AgedLeadsSection />
          <BalanceSection />
          <div className="min-w-0 lg:col-span-2">
            <CrmSection />
          </div>
          <BonusCalculatorSection />
          <AgentMatchSection />
          <QuickActionsSection />
        </div>
      </div>
    </AdminOnly>
  );
}
