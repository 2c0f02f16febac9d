import { describe, expect, it } from 'vitest';

import { isPublicRoute, needsNoCode } from './route-access';

describe('route access', () => {
  it('opens the public pages to anyone, with or without a trailing slash', () => {
    for (const path of ['/', '/about', '/auth', '/auth/callback', '/contacts', '/privacy-policy', '/about/', '/contacts//'])
      expect(isPublicRoute(path), path).toBe(true);
  });

  it('keeps every other page to signed-in users, however it is spelled', () => {
    for (const path of ['/profile', '/admin/users', '/leads', '/about/team', '/ABOUT', '/aboutx', '']) expect(isPublicRoute(path), path).toBe(false);
  });

  it('asks a signed-in user for an access code everywhere but the listed pages', () => {
    for (const path of ['/', '/profile', '/profile/', '/onboarding', '/testing']) expect(needsNoCode(path), path).toBe(true);
    for (const path of ['/admin/users', '/resources', '/leads', '/auth', '/contact']) expect(needsNoCode(path), path).toBe(false);
  });
});
