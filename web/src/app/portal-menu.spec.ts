import { describe, expect, it } from 'vitest';

import { ADMIN_MENU, initials, MENU, menuFor } from './portal-menu';

describe('initials', () => {
  it('takes the first letters of up to two words of the display name', () => {
    expect(initials('Avery Admin')).toBe('AA');
    expect(initials('  mary  jane watson ')).toBe('MJ');
    expect(initials('shell-agent')).toBe('S');
  });

  it('falls back to U, for User, without a name', () => {
    expect(initials(null)).toBe('U');
    expect(initials('   ')).toBe('U');
  });
});

describe('the portal menu', () => {
  it('lists the spec’s sidebar areas in order, with Buy Leads, Groups, Payment Methods, Bonus Statements, Resources and Team Training, and the admin pages apart', () => {
    expect(MENU.map((item) => `${item.label} ${item.to}`)).toEqual([
      'Main Menu /',
      'Dashboard /dashboard',
      'Training /training',
      'Buy Leads /campaigns?buy=1',
      'Campaigns /campaigns',
      'Leads /leads',
      'My Leads /my-leads',
      'Groups /groups',
      'Banking /profile',
      'Wallet /wallet',
      'Bonus Statements /bonus-statements',
      'Payment Methods /payment-methods',
      'Transfers /transfers',
      'Integrations /integrations',
      'My Tickets /my-tickets',
      'Resources /resources',
      'Team Training /training-team',
      'Testing /testing',
    ]);
    // The spec's admin help dashboard keeps its own path; the other admin pages live under /admin/.
    expect(ADMIN_MENU[0]).toMatchObject({ to: '/help-requests', label: 'Help Requests' });
    expect(ADMIN_MENU.slice(1).every((item) => item.to.startsWith('/admin/'))).toBe(true);
  });

  it('shows Team Training only to SAT leaders and admins, whose page it is', () => {
    const teamTraining = (user: Parameters<typeof menuFor>[0]) => menuFor(user).some((item) => item.to === '/training-team');
    expect(teamTraining({ isAdmin: false, isSatLeader: false })).toBe(false);
    expect(teamTraining(null)).toBe(false);
    expect(teamTraining({ isAdmin: false, isSatLeader: true })).toBe(true);
    expect(teamTraining({ isAdmin: true, isSatLeader: false })).toBe(true);
    expect(menuFor({ isAdmin: false, isSatLeader: false })).toHaveLength(MENU.length - 1);
  });
});
