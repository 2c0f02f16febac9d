import { freshAdmin, signedInClient } from './portal.js';

/** An agent's available balance as the finance pages read it (the wallet's read model), through an admin of the test's own. */
export async function walletProbe() {
  const account = await freshAdmin();
  const admin = await signedInClient(account.email, account.password);
  return async (userId: string): Promise<number> => {
    const response = await admin.request('GET', `/api/finance/wallets/${userId}/ledger`);
    if (response.status !== 200) throw new Error(`reading the wallet failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { summary: { availableCents: number } }).summary.availableCents;
  };
}
