import { isDeepStrictEqual } from 'node:util';

import { DEMO_ACCOUNTS } from '../../../src/modules/identity/demo/demo-accounts.js';
import { ApiClient } from './api-client.js';

const SEEDED = new Set(DEMO_ACCOUNTS.map((account) => account.email));

type DemoAccountState = Record<string, unknown>;

/**
 * What a test could change about the seeded demo accounts (`*@portal.test` from the seed):
 * roles, SAT leader and manager, disabled, sign-in methods, elevated access, and whether the
 * demo password still signs each in. The browser suite compares it before and after the run.
 */
export async function demoAccountsState(portalUrl: string, demoPassword: string): Promise<Record<string, DemoAccountState>> {
  const admin = new ApiClient(portalUrl);
  const signIn = await admin.signIn('admin@portal.test', demoPassword);
  if (signIn.status !== 200) return { 'admin@portal.test': { signsIn: false } };
  const { users } = (await (await admin.request('GET', '/api/admin/users?search=%40portal.test')).json()) as { users: Record<string, unknown>[] };
  const state: Record<string, DemoAccountState> = {};
  for (const user of users) {
    const email = user.email as string;
    if (!SEEDED.has(email)) continue;
    const signsIn = email === 'admin@portal.test' || (await new ApiClient(portalUrl).signIn(email, demoPassword)).status === 200;
    state[email] = {
      displayName: user.displayName,
      isAdmin: user.isAdmin,
      isSatLeader: user.isSatLeader,
      satLeaderEmail: user.satLeaderEmail,
      disabled: user.disabled,
      providers: user.providers,
      hasPassword: user.hasPassword,
      elevated: user.elevatedUntil !== null,
      signsIn,
    };
  }
  return state;
}

/** Throws, naming each account and what changed, when the state differs. */
export function assertUnchanged(before: Record<string, DemoAccountState>, after: Record<string, DemoAccountState>): void {
  const changed = Object.keys({ ...before, ...after }).filter((email) => !isDeepStrictEqual(before[email], after[email]));
  if (changed.length === 0) return;
  const lines = changed.map((email) => `  ${email}: before ${JSON.stringify(before[email])}, after ${JSON.stringify(after[email])}`);
  throw new Error(`Tests changed seeded demo accounts (use fresh accounts: test/support/portal/portal.ts freshAgent/freshAdmin):\n${lines.join('\n')}`);
}
