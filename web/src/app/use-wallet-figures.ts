import { useApiQuery } from '../lib/use-api-query';
import { fetchWallet, type WalletFigures } from './api/wallet';

/** The signed-in agent's wallet figures, refetched whenever the server says the wallet changed (SSE topic 'wallet'). */
export function useWalletFigures(): { figures: WalletFigures | null; failed: boolean } {
  // Shown in the top bar of every page: a failure shows dashes, not a toast on each page.
  const { data, error } = useApiQuery('/api/wallet', fetchWallet, { failure: 'Failed to load the wallet', reloadOn: ['wallet'], expected: () => true });
  return { figures: data ?? null, failed: error !== undefined };
}
