import { useEffect } from 'react';

import { onRealtimeChange } from '../../../lib/realtime';

/** Runs `refresh` when the signed-in user's wallet changed (SSE topic 'wallet'). */
export function useWalletChanges(refresh: () => void): void {
  useEffect(() => onRealtimeChange('wallet', refresh), [refresh]);
}
