import { readEarly } from '../lib/api-client';
import { isAdminPage, opensAtOnce } from './route-access';
import { useSession } from './session-store';

/**
 * Starts the reads of a page (or of the signed-in layout, without `pathname`) whose code is
 * loading, once the session says a signed-in user will see it at once: a page the route guard
 * refuses reads nothing, early or not.
 */
export function readEarlyFor(paths: readonly string[], pathname?: string): void {
  const start = ({ status, user }: ReturnType<typeof useSession.getState>) => {
    if (status !== 'signed-in' || !user) return;
    if (pathname !== undefined && (!opensAtOnce(pathname, user) || (isAdminPage(pathname) && !user.isAdmin))) return;
    readEarly(paths);
  };
  const now = useSession.getState();
  if (now.status !== 'loading') return start(now);
  const stop = useSession.subscribe((next) => {
    if (next.status === 'loading') return;
    stop();
    start(next);
  });
}
