import { connectRealtime, disconnectRealtime, onRealtimeChange } from '../lib/realtime';
import { useSession } from './session-store';

/**
 * Keeps the realtime stream open while someone is signed in, and reloads the session when
 * their access changed elsewhere (a code entered or access revoked in another tab), so the
 * header and the route guard follow without a page reload.
 */
export function startSessionRealtime(): void {
  const follow = (status: string) => (status === 'signed-in' ? connectRealtime() : disconnectRealtime());
  follow(useSession.getState().status);
  useSession.subscribe((state, previous) => {
    if (state.status !== previous.status) follow(state.status);
  });
  onRealtimeChange('access', () => void useSession.getState().load());
}
