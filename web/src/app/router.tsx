import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';

import { useOpenedOnce } from '../lib/use-opened-once';
import { useAccessDialog } from './access-dialog-store';
import { routePath, type AppRoute } from './app-routes';
import { readEarlyFor } from './early-reads';
import { useHelpRequestDialog } from './help-request-dialog-store';
import { PublicLayout } from './public-layout';
import { LoadingScreen } from './route-guard';
import { useSession } from './session-store';

// Each page is its own chunk: a public page never downloads another area's code.
const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T, props: Record<string, unknown> = {}) => ({
  lazy: async () => {
    const module = await load();
    const Component = module[name] as React.ComponentType<Record<string, unknown>>;
    return { Component: () => <Component {...props} /> };
  },
});

/**
 * A page whose data is read while its code loads (readEarlyFor): the reads are the GETs the page
 * makes when it opens, which it then takes instead of asking again.
 */
const pageReading = <T extends Record<string, unknown>>(
  path: AppRoute,
  reads: readonly string[],
  load: () => Promise<T>,
  name: keyof T,
  props: Record<string, unknown> = {},
) => ({
  path: routePath(path),
  lazy: async () => {
    readEarlyFor(reads, path);
    return page(load, name, props).lazy();
  },
});

// Dialogs only a signed-in user meets, each loaded the first time it opens (and kept mounted after,
// so a half-written help request is still there when it opens again).
const SatLeaderGate = lazy(() => import('../features/auth/components/sat-leader-gate').then((module) => ({ default: module.SatLeaderGate })));
const AccessCodeDialog = lazy(() => import('../features/access/components/access-code-dialog').then((module) => ({ default: module.AccessCodeDialog })));
const HelpRequestDialog = lazy(() => import('../features/support/components/help-request-dialog').then((module) => ({ default: module.HelpRequestDialog })));

// The route guard sits inside each layout, so a page refused keeps its layout.
function Guarded() {
  const signedIn = useSession((s) => s.status === 'signed-in');
  const satLeaderAsked = useOpenedOnce(useSession((s) => Boolean(s.user?.needsSatLeader)));
  const accessAsked = useOpenedOnce(useAccessDialog((s) => s.purpose !== null));
  const helpAsked = useOpenedOnce(useHelpRequestDialog((s) => s.open));
  return (
    <>
      <Outlet />
      {signedIn && (
        <Suspense fallback={null}>
          {satLeaderAsked && <SatLeaderGate />}
          {accessAsked && <AccessCodeDialog />}
          {helpAsked && <HelpRequestDialog />}
        </Suspense>
      )}
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Guarded />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, ...page(() => import('../features/home/home-page'), 'HomePage') },
          { path: routePath('/about'), ...page(() => import('../features/about/about-page'), 'AboutPage') },
          { path: routePath('/onboarding'), ...page(() => import('../features/onboarding/onboarding-page'), 'OnboardingPage') },
          { path: routePath('/contacts'), ...page(() => import('../features/contacts/contacts-page'), 'ContactsPage') },
          { path: routePath('/contact'), ...page(() => import('../features/contacts/contacts-page'), 'ContactsPage') },
          { path: routePath('/terms-and-conditions'), ...page(() => import('../features/legal/legal-page'), 'LegalPage', { document: 'terms' }) },
          { path: routePath('/privacy-policy'), ...page(() => import('../features/legal/legal-page'), 'LegalPage', { document: 'privacy' }) },
          { path: routePath('/auth'), ...page(() => import('../features/auth/sign-in-page'), 'SignInPage') },
          { path: routePath('/auth/callback'), ...page(() => import('../features/auth/auth-callback-page'), 'AuthCallbackPage') },
          { path: routePath('/auth/confirm'), ...page(() => import('../features/auth/confirm-email-page'), 'ConfirmEmailPage') },
          { path: routePath('/prep-course/register'), ...page(() => import('../features/prep-course/prep-course-register-page'), 'PrepCourseRegisterPage') },
          { path: routePath('/prep-course/confirm'), ...page(() => import('../features/prep-course/prep-course-confirm-page'), 'PrepCourseConfirmPage') },
          { path: routePath('/bonus-calculator'), ...page(() => import('../features/bonus-calculator/bonus-calculator-page'), 'BonusCalculatorPage') },
          pageReading('/resources', ['/api/resources'], () => import('../features/resources/resources-page'), 'ResourcesPage'),
          { path: routePath('/leads'), ...page(() => import('../features/lead-management/lead-management-page'), 'LeadManagementPage') },
          { path: routePath('/training'), ...page(() => import('../features/training/training-page'), 'TrainingPage') },
          pageReading('/weeks-et', ['/api/training/east-tampa/progress'], () => import('../features/training/training-schedule-page'), 'TrainingSchedulePage', {
            division: 'east-tampa',
          }),
          pageReading('/weeks-wt', ['/api/training/west-tampa/progress'], () => import('../features/training/training-schedule-page'), 'TrainingSchedulePage', {
            division: 'west-tampa',
          }),
          pageReading(
            '/weeks-st',
            ['/api/training/south-tampa/progress'],
            () => import('../features/training/training-schedule-page'),
            'TrainingSchedulePage',
            {
              division: 'south-tampa',
            },
          ),
        ],
      },
      {
        // The signed-in area's layout (sidebar) is its own chunk too.
        lazy: async () => {
          // The top bar's wallet figures, for every signed-in page.
          readEarlyFor(['/api/wallet']);
          return { Component: (await import('./app-shell')).AppShell };
        },
        children: [
          { path: routePath('/testing'), ...page(() => import('../features/testing/testing-page'), 'TestingPage') },
          pageReading('/dashboard', ['/api/dashboard', '/api/groups/invitations'], () => import('../features/dashboard/dashboard-page'), 'DashboardPage'),
          { path: routePath('/campaigns'), ...page(() => import('../features/campaigns/campaigns-page'), 'CampaignsPage') },
          { path: routePath('/campaigns/:campaignId'), ...page(() => import('../features/campaigns/campaign-detail-page'), 'CampaignDetailPage') },
          { path: routePath('/my-leads'), ...page(() => import('../features/my-leads/my-leads-page'), 'MyLeadsPage') },
          { path: routePath('/integrations'), ...page(() => import('../features/integrations/integrations-page'), 'IntegrationsPage') },
          { path: routePath('/integrations/:providerId'), ...page(() => import('../features/integrations/provider-page'), 'ProviderPage') },
          { path: routePath('/groups'), ...page(() => import('../features/groups/groups-page'), 'GroupsPage') },
          { path: routePath('/groups/:groupId'), ...page(() => import('../features/groups/group-details-page'), 'GroupDetailsPage') },
          { path: routePath('/payment-methods'), ...page(() => import('../features/payments/payment-methods-page'), 'PaymentMethodsPage') },
          pageReading(
            '/profile',
            ['/api/profile', '/api/bonuses/week-performance', '/api/bonuses/investment-tracker', '/api/announcements'],
            () => import('./profile-page'),
            'ProfilePage',
          ),
          pageReading('/my-tickets', ['/api/support/tickets'], () => import('../features/support/my-tickets-page'), 'MyTicketsPage'),
          // The grid's first page with no filter (fetchHelpRequests' address), read while the page's code loads.
          pageReading(
            '/help-requests',
            ['/api/admin/help-requests?view=all&offset=0&limit=50'],
            () => import('../features/support/help-requests-page'),
            'HelpRequestsPage',
          ),
          { path: routePath('/admin/security'), ...page(() => import('../features/admin-security/security-page'), 'SecurityPage') },
          { path: routePath('/admin/audit'), ...page(() => import('../features/admin-audit/audit-page'), 'AuditPage') },
          { path: routePath('/admin/users'), ...page(() => import('../features/admin-users/users-page'), 'UsersPage') },
          { path: routePath('/admin/access-codes'), ...page(() => import('../features/admin-access-codes/access-codes-page'), 'AccessCodesPage') },
          { path: routePath('/admin/outbox'), ...page(() => import('../features/admin-outbox/outbox-page'), 'OutboxPage') },
          { path: routePath('/admin/approved-emails'), ...page(() => import('../features/admin-users/approved-emails-page'), 'ApprovedEmailsPage') },
          { path: routePath('/admin/lead-vendors'), ...page(() => import('../features/admin-marketplace/lead-vendors-page'), 'LeadVendorsPage') },
          { path: routePath('/admin/lead-prices'), ...page(() => import('../features/admin-marketplace/lead-prices-page'), 'LeadPricesPage') },
          { path: routePath('/admin/lead-returns'), ...page(() => import('../features/admin-marketplace/lead-returns-page'), 'LeadReturnsPage') },
          { path: routePath('/admin/prep-course'), ...page(() => import('../features/prep-course/prep-course-admin-page'), 'PrepCourseAdminPage') },
          { path: routePath('/admin/assistant'), ...page(() => import('../features/admin-assistant/unanswered-questions-page'), 'UnansweredQuestionsPage') },
          { path: routePath('/admin/bonus-runs'), ...page(() => import('../features/admin-bonus-runs/bonus-runs-page'), 'BonusRunsPage') },
          { path: routePath('/bonus-statements'), ...page(() => import('../features/bonus-statements/bonus-statements-page'), 'BonusStatementsPage') },
          { path: routePath('/wallet'), ...page(() => import('../features/wallet/wallet-page'), 'WalletPage') },
          { path: routePath('/finance/wallets'), ...page(() => import('../features/finance/finance-wallets-page'), 'FinanceWalletsPage') },
          { path: routePath('/finance/wallets/:userId'), ...page(() => import('../features/finance/finance-wallet-page'), 'FinanceWalletPage') },
          { path: routePath('/finance/reconciliation'), ...page(() => import('../features/reconciliation/reconciliation-page'), 'ReconciliationPage') },
          { path: routePath('/training-team'), ...page(() => import('../features/training/training-team-page'), 'TrainingTeamPage') },
          { path: routePath('/admin/resources'), ...page(() => import('../features/admin-resources/admin-resources-page'), 'AdminResourcesPage') },
          { path: routePath('/admin/announcements'), ...page(() => import('../features/announcements/admin-announcements-page'), 'AdminAnnouncementsPage') },
          { path: routePath('/transfers'), ...page(() => import('../features/transfers/transfers-page'), 'TransfersPage') },
        ],
      },
    ],
  },
  // The demo card provider's hosted page stands alone, like Stripe's: no portal layout or guard.
  {
    path: routePath('/demo-pay/:sessionId'),
    hydrateFallbackElement: <LoadingScreen />,
    ...page(() => import('../features/demo-pay/demo-pay-page'), 'DemoPayPage'),
  },
  // Textdrip's connect window comes back to these: they stand alone in that window (no portal
  // layout or guard), show only the outcome and tell the page that opened the window.
  {
    path: routePath('/textdrip/success'),
    hydrateFallbackElement: <LoadingScreen />,
    ...page(() => import('../features/integrations/textdrip-result-pages'), 'TextdripSuccessPage'),
  },
  {
    path: routePath('/textdrip/failed'),
    hydrateFallbackElement: <LoadingScreen />,
    ...page(() => import('../features/integrations/textdrip-result-pages'), 'TextdripFailedPage'),
  },
  // Any unknown path, signed in or not: the not-found page.
  { path: '*', hydrateFallbackElement: <LoadingScreen />, ...page(() => import('../features/errors/not-found-page'), 'NotFoundPage') },
]);
