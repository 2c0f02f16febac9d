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
  '/terms-and-conditions',
  '/privacy-policy',
];

/** Routes a signed-in user opens without an access code. */
export const NO_CODE_ROUTES = ['/', '/onboarding', '/about', '/contacts', '/profile', '/bonus-calculator', '/testing', '/prep-course/register'];

export const RETURN_TO_KEY = 'returnTo';
export const POST_AUTH_RETURN_TO_KEY = 'postAuthReturnTo';

export const isPublicRoute = (pathname: string) => PUBLIC_ROUTES.includes(normalise(pathname));
export const needsNoCode = (pathname: string) => NO_CODE_ROUTES.includes(normalise(pathname));

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}
