import { ArrowLeft, LayoutDashboard, LifeBuoy, Plus, Ticket } from 'lucide-react';
import { useNavigate } from 'react-router-dom';

import { Button } from '../components/ui/button';
import { AnnouncementsCard } from '../features/announcements/components/announcements-card';
import { AccountInfoCard } from '../features/profile/components/account-info-card';
import { InvestmentTrackerCard } from '../features/profile/components/investment-tracker-card';
import { WeekPerformanceCard } from '../features/profile/components/week-performance-card';
import { useReturnToast } from '../lib/use-return-toast';
import { useAddBalanceDialog } from './add-balance-dialog-store';
import { useHelpRequestDialog } from './help-request-dialog-store';
import { useSession } from './session-store';

/**
 * /profile ('Banking', spec section 2): the page composes cards of several features (their own
 * folders never import each other), which is why it lives in app/ beside the router and the shell.
 */
export function ProfilePage() {
  const navigate = useNavigate();
  const isAdmin = useSession((s) => s.user?.isAdmin ?? false);
  const openHelp = useHelpRequestDialog((s) => s.show);
  const openAddBalance = useAddBalanceDialog((s) => s.setOpen);

  // Back from the card provider's setup page: say how it went, then clear the query.
  useReturnToast('setup', {
    success: { title: 'Card Added', description: 'Your payment method has been saved successfully.' },
    cancelled: { title: 'Setup Cancelled', description: 'Card setup was cancelled.', variant: 'destructive' },
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => navigate(-1)}>
          <ArrowLeft className="h-4 w-4" aria-hidden /> Back
        </Button>
        <h1 className="mr-auto text-2xl font-bold text-brand-900">Banking</h1>
        <Button variant="outline" size="sm" onClick={() => navigate('/my-tickets')}>
          <Ticket className="h-4 w-4" aria-hidden /> View Tickets
        </Button>
        <Button variant="outline" size="sm" onClick={() => openHelp()}>
          <LifeBuoy className="h-4 w-4" aria-hidden /> Submit Ticket
        </Button>
        {isAdmin && (
          <Button variant="outline" size="sm" onClick={() => navigate('/help-requests')}>
            <LayoutDashboard className="h-4 w-4" aria-hidden /> Help Requests Dashboard
          </Button>
        )}
        <Button size="sm" onClick={() => openAddBalance(true)}>
          <Plus className="h-4 w-4" aria-hidden /> Add Balance
        </Button>
      </div>
      {/* The cards, two columns from lg up, in the spec's order: Account Info, Week Performance, Investment Tracker, Announcements. */}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <AccountInfoCard />
        <WeekPerformanceCard />
        <InvestmentTrackerCard />
        <AnnouncementsCard />
      </div>
    </div>
  );
}
