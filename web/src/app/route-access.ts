/** Routes anyone may open (spec: route guard). */
export const PUBLIC_ROUTES = [
  '/',
  '/onboarding',
  '/auth',
  '/auth/callback',
  '/auth/confirm',
  '/about',
  '/contact',
  '/contacts',
  '/bonus-calculator',
  '/testing',
  '/prep-course/register',
  '/prep-course/confirm',
  '/terms-and-conditions',
  '/privacy-policy',
];

/** Routes a signed-in user opens without an access code. */
// /training only chooses the agent's office (saved to their profile); the schedule it opens asks for the code.
export const NO_CODE_ROUTES = [
  '/',
  '/onboarding',
  '/about',
  '/contacts',
  '/profile',
  '/bonus-calculator',
  '/testing',
  '/prep-course/register',
  '/prep-course/confirm',
  '/training',
];

export const RETURN_TO_KEY = 'returnTo';
export const POST_AUTH_RETURN_TO_KEY = 'postAuthReturnTo';

export const isPublicRoute = (pathname: string) => PUBLIC_ROUTES.includes(normalise(pathname));
export const needsNoCode = (pathname: string) => NO_CODE_ROUTES.includes(normalise(pathname));

/**
 * Whether the route guard (route-guard.tsx) shows this page to this signed-in user at once,
 * without asking for a code or sending them elsewhere.
 */
export function opensAtOnce(pathname: string, user: { isMicrosoftUser: boolean; hasElevatedAccess: boolean }): boolean {
  if (isPublicRoute(pathname) || needsNoCode(pathname)) return true;
  const path = normalise(pathname);
  if (path === '/leads' || path.startsWith('/leads/')) return user.isMicrosoftUser;
  return user.isMicrosoftUser || user.hasElevatedAccess;
}

/** The admin pages (the server answers their reads to admins only). */
export const isAdminPage = (pathname: string): boolean => {
  const path = normalise(pathname);
  return path === '/help-requests' || path.startsWith('/admin/');
};

/**
 * Where a user lands after signing in when no page was asked for: the dashboard, or Onboarding
 * for an agent who cannot open the dashboard yet (no work account, no access code), so the
 * first page after sign-in is never the access-code wall.
 */
export function landingPath(user: { isMicrosoftUser: boolean; hasElevatedAccess: boolean } | null): string {
  return user && opensAtOnce('/dashboard', user) ? '/dashboard' : '/onboarding';
}

/** A stored return path, when it stays inside this site (never an open redirect). */
export function safeReturnPath(path: string | null): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
