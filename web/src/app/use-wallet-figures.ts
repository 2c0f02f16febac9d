import { useCallback, useEffect, useState } from 'react';

import { onRealtimeChange } from '../lib/realtime';
import { fetchWallet, type WalletFigures } from './api/wallet';

/** The signed-in agent's wallet figures, refetched whenever the server says the wallet changed (SSE topic 'wallet'). */
export function useWalletFigures(): { figures: WalletFigures | null; failed: boolean } {
  const [figures, setFigures] = useState<WalletFigures | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    fetchWallet().then(
      (next) => {
        setFigures(next);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(() => {
    load();
    return onRealtimeChange('wallet', load);
  }, [load]);
  return { figures, failed };
}
