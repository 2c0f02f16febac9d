import { randomUUID } from 'node:crypto';
import { freshAdmin, signedInClient } from './portal.js';

/**
 * The agent's available balance as the wallet answers it. Until the wallet has a read
 * endpoint of its own, an admin's labelled 1-cent test credit answers the balance after it.
 */
export async function walletProbe() {
  const account = await freshAdmin();
  const admin = await signedInClient(account.email, account.password);
  const probes = new Map<string, number>();
  return async (userId: string): Promise<number> => {
    const response = await admin.request('POST', `/api/admin/wallets/${userId}/test-credit`, { amountCents: 1 }, { 'idempotency-key': randomUUID() });
    if (response.status !== 200) throw new Error(`probing the wallet failed: ${response.status} ${await response.text()}`);
    const probed = (probes.get(userId) ?? 0) + 1;
    probes.set(userId, probed);
    return ((await response.json()) as { availableCents: number }).availableCents - probed;
  };
}
