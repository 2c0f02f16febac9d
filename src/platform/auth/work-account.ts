import type { SignInProvider } from './session-store.js';

/** A work account: signed in through Microsoft, or an address in the company staff domain. */
export function isWorkAccount(user: { provider: SignInProvider; email: string }, staffDomain: string | undefined): boolean {
  return user.provider === 'azure' || (staffDomain !== undefined && user.email.endsWith(`@${staffDomain}`));
}
