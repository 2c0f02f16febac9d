/**
 * Every path the web app has a page for. The router takes its paths from this list (routePath
 * accepts nothing else), and the build writes it to dist/app-routes.json, from which the server
 * answers 404 for any other path while still sending the app, which shows its not-found page.
 */
export const APP_ROUTES = [
  '/',
  '/about',
  '/onboarding',
  '/contacts',
  '/contact',
  '/terms-and-conditions',
  '/privacy-policy',
  '/auth',
  '/auth/callback',
  '/auth/confirm',
  '/prep-course/register',
  '/bonus-calculator',
  '/resources',
  '/leads',
  '/help-requests',
  '/weeks-et',
  '/weeks-wt',
  '/weeks-st',
  '/testing',
  '/dashboard',
  '/campaigns',
  '/campaigns/:campaignId',
  '/my-leads',
  '/integrations',
  '/integrations/:providerId',
  '/groups',
  '/groups/:groupId',
  '/payment-methods',
  '/profile',
  '/my-tickets',
  '/admin/security',
  '/admin/audit',
  '/admin/users',
  '/admin/access-codes',
  '/admin/outbox',
  '/admin/approved-emails',
  '/admin/lead-vendors',
  '/admin/lead-prices',
  '/admin/lead-returns',
  '/admin/bonus-runs',
  '/bonus-statements',
  '/textdrip/success',
  '/textdrip/failed',
  '/wallet',
  '/finance/wallets',
  '/finance/wallets/:userId',
  '/finance/reconciliation',
  '/transfers',
  '/training-team',
  '/admin/resources',
  '/demo-pay/:sessionId',
] as const;

export type AppRoute = Exclude<(typeof APP_ROUTES)[number], '/'>;

/** A route's path as the router nests it. */
export const routePath = (route: AppRoute): string => route.slice(1);
