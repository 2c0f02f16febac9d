import { createBrowserRouter, Outlet } from 'react-router-dom';
import { AccessCodeDialog } from '../features/access/components/access-code-dialog';
import { SatLeaderGate } from '../features/auth/components/sat-leader-gate';
import { AppShell } from './app-shell';
import { PublicLayout } from './public-layout';
import { LoadingScreen } from './route-guard';

// Each page is its own chunk: a public page never downloads another area's code.
const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T, props: Record<string, unknown> = {}) => ({
  lazy: async () => {
    const module = await load();
    const Component = module[name] as React.ComponentType<Record<string, unknown>>;
    return { Component: () => <Component {...props} /> };
  },
});

const notOpenYet = (title: string) => page(() => import('../features/errors/not-open-yet-page'), 'NotOpenYetPage', { title });

// The route guard sits inside each layout, so a page refused keeps its layout.
function Guarded() {
  return (
    <>
      <Outlet />
      <SatLeaderGate />
      <AccessCodeDialog />
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
          { path: 'about', ...page(() => import('../features/about/about-page'), 'AboutPage') },
          { path: 'onboarding', ...page(() => import('../features/onboarding/onboarding-page'), 'OnboardingPage') },
          { path: 'contacts', ...page(() => import('../features/contacts/contacts-page'), 'ContactsPage') },
          { path: 'contact', ...page(() => import('../features/contacts/contacts-page'), 'ContactsPage') },
          { path: 'terms-and-conditions', ...page(() => import('../features/legal/legal-page'), 'LegalPage', { document: 'terms' }) },
          { path: 'privacy-policy', ...page(() => import('../features/legal/legal-page'), 'LegalPage', { document: 'privacy' }) },
          { path: 'auth', ...page(() => import('../features/auth/sign-in-page'), 'SignInPage') },
          { path: 'auth/callback', ...page(() => import('../features/auth/auth-callback-page'), 'AuthCallbackPage') },
          { path: 'auth/confirm', ...page(() => import('../features/auth/confirm-email-page'), 'ConfirmEmailPage') },
          { path: 'prep-course/register', ...notOpenYet('2-15 License Prep Course registration') },
          { path: 'bonus-calculator', ...notOpenYet('Bonus Calculator Testing') },
          { path: 'resources', ...notOpenYet('Resources') },
          { path: 'leads', ...notOpenYet('Lead Management') },
          { path: 'help-requests', ...notOpenYet('Help Requests Dashboard') },
          { path: 'weeks-et', ...notOpenYet('East Tampa training schedule') },
          { path: 'weeks-wt', ...notOpenYet('West Tampa training schedule') },
          { path: 'weeks-st', ...notOpenYet('South Tampa training schedule') },
        ],
      },
      {
        element: <AppShell />,
        children: [
          { path: 'testing', ...notOpenYet('Backend Features Testing') },
          { path: 'dashboard', ...notOpenYet('Dashboard') },
          { path: 'campaigns', ...notOpenYet('Campaigns') },
          { path: 'integrations', ...notOpenYet('Integrations') },
          { path: 'integrations/:providerId', ...notOpenYet('Integrations') },
          { path: 'groups', ...notOpenYet('Groups') },
          { path: 'groups/:groupId', ...notOpenYet('Group Details') },
          { path: 'payment-methods', ...notOpenYet('Payment Methods') },
          { path: 'profile', ...notOpenYet('Profile') },
          { path: 'my-tickets', ...notOpenYet('My Support Tickets') },
          { path: 'admin/security', ...page(() => import('../features/admin-security/security-page'), 'SecurityPage') },
          { path: 'admin/users', ...page(() => import('../features/admin-users/users-page'), 'UsersPage') },
          { path: 'admin/access-codes', ...page(() => import('../features/admin-access-codes/access-codes-page'), 'AccessCodesPage') },
          { path: 'admin/outbox', ...page(() => import('../features/admin-outbox/outbox-page'), 'OutboxPage') },
          { path: 'admin/approved-emails', ...page(() => import('../features/admin-users/approved-emails-page'), 'ApprovedEmailsPage') },
          { path: 'textdrip/success', ...notOpenYet('Textdrip Connected!') },
          { path: 'textdrip/failed', ...notOpenYet('Connection Failed') },
        ],
      },
    ],
  },
  // Any unknown path, signed in or not: the not-found page.
  { path: '*', hydrateFallbackElement: <LoadingScreen />, ...page(() => import('../features/errors/not-found-page'), 'NotFoundPage') },
]);
