import { matchRoutes, type RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';

import { APP_ROUTES } from './app-routes';
import { router } from './router';

// The router's own route tree, without the browser history that createBrowserRouter needs.
vi.mock('react-router-dom', async (original) => ({
  ...(await original<typeof import('react-router-dom')>()),
  createBrowserRouter: (routes: RouteObject[]) => ({ routes }),
}));
const routes = (router as unknown as { routes: RouteObject[] }).routes;

/** The route the router shows for a path, as it matches it (any case, an optional trailing slash): its path, '/' for the index, '*' for the not-found page. */
function pageFor(pathname: string): { path: string | undefined; isPage: boolean } | null {
  const deepest = matchRoutes(routes, pathname)?.at(-1)?.route;
  if (!deepest) return null;
  return { path: deepest.index ? '/' : deepest.path, isPage: typeof deepest.lazy === 'function' };
}

describe('the router', () => {
  it('has a page, not the not-found page, for every path of the route list the server answers 200 for', () => {
    for (const route of APP_ROUTES) {
      const pathname = route.replace(/:\w+/g, 'some-id');
      expect({ pathname, page: pageFor(pathname) }).toEqual({ pathname, page: { path: route === '/' ? '/' : route.slice(1), isPage: true } });
    }
    expect(pageFor('/About/')).toEqual({ path: 'about', isPage: true });
    expect(pageFor('/Groups/some-group/')).toEqual({ path: 'groups/:groupId', isPage: true });
  });

  it('shows the not-found page for any other path', () => {
    for (const pathname of ['/no-such-page', '/about/more', '/groups/a/b', '/app-routes.json'])
      expect({ pathname, page: pageFor(pathname) }).toEqual({ pathname, page: { path: '*', isPage: true } });
  });
});
