import { PROFILE_TOPIC } from '../../../src/modules/identity/contracts/identity.events';
import { connectRealtime, disconnectRealtime, onRealtimeChange } from '../lib/realtime';
import { useSession } from './session-store';

/**
 * Keeps the realtime stream open while someone is signed in, and reloads the session when
 * their access changed elsewhere (a code entered or access revoked in another tab), so the
 * header and the route guard follow without a page reload; and when their profile changed (a
 * new time zone).
 */
export function startSessionRealtime(): void {
  const follow = (status: string) => (status === 'signed-in' ? connectRealtime() : disconnectRealtime());
  follow(useSession.getState().status);
  useSession.subscribe((state, previous) => {
    if (state.status !== previous.status) follow(state.status);
  });
  onRealtimeChange('access', () => void useSession.getState().load());
  // A profile saved in another tab may have chosen another time zone, which the session carries.
  onRealtimeChange(PROFILE_TOPIC, () => void useSession.getState().load());
}
