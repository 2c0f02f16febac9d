import { describe, expect, it } from 'vitest';

import { isAdminPage, isPublicRoute, landingPath, needsNoCode, opensAtOnce, safeReturnPath } from './route-access';

describe('route access', () => {
  it('opens the public pages to anyone, with or without a trailing slash', () => {
    for (const path of ['/', '/about', '/auth', '/auth/callback', '/contacts', '/privacy-policy', '/about/', '/contacts//'])
      expect(isPublicRoute(path), path).toBe(true);
  });

  it('keeps every other page to signed-in users, however it is spelled', () => {
    for (const path of ['/profile', '/admin/users', '/leads', '/about/team', '/ABOUT', '/aboutx', '']) expect(isPublicRoute(path), path).toBe(false);
  });

  it('asks a signed-in user for an access code everywhere but the listed pages', () => {
    for (const path of ['/', '/profile', '/profile/', '/onboarding', '/testing', '/training']) expect(needsNoCode(path), path).toBe(true);
    for (const path of ['/admin/users', '/resources', '/leads', '/auth', '/contact']) expect(needsNoCode(path), path).toBe(false);
  });

  it('says which pages open at once for a signed-in user, as the route guard decides', () => {
    const agent = { isMicrosoftUser: false, hasElevatedAccess: false };
    const unlocked = { isMicrosoftUser: false, hasElevatedAccess: true };
    const workAccount = { isMicrosoftUser: true, hasElevatedAccess: false };
    for (const path of ['/', '/profile', '/about']) expect(opensAtOnce(path, agent), path).toBe(true);
    for (const path of ['/dashboard', '/my-tickets', '/weeks-et', '/resources', '/leads']) expect(opensAtOnce(path, agent), path).toBe(false);
    for (const path of ['/dashboard', '/my-tickets', '/weeks-et', '/resources']) expect(opensAtOnce(path, unlocked), path).toBe(true);
    expect(opensAtOnce('/leads', unlocked)).toBe(false);
    expect(opensAtOnce('/leads', workAccount)).toBe(true);
  });

  it('knows the admin pages, whose reads only admins may start early', () => {
    for (const path of ['/help-requests', '/help-requests/', '/admin/users', '/admin/announcements']) expect(isAdminPage(path), path).toBe(true);
    for (const path of ['/my-tickets', '/administration', '/profile']) expect(isAdminPage(path), path).toBe(false);
  });

  it('lands an agent who cannot open the dashboard yet on Onboarding, everyone else on the dashboard', () => {
    expect(landingPath({ isMicrosoftUser: false, hasElevatedAccess: false })).toBe('/onboarding');
    expect(landingPath({ isMicrosoftUser: false, hasElevatedAccess: true })).toBe('/dashboard');
    expect(landingPath({ isMicrosoftUser: true, hasElevatedAccess: false })).toBe('/dashboard');
    expect(landingPath(null)).toBe('/onboarding');
  });

  it('returns only to paths inside the site', () => {
    expect(safeReturnPath('/my-tickets?ticket=1')).toBe('/my-tickets?ticket=1');
    for (const path of ['//evil.example', 'https://evil.example', '', null]) expect(safeReturnPath(path), String(path)).toBeNull();
  });
});
