import type pg from 'pg';

import type { AuthenticatedUser } from '../../../../platform/auth/session-store.js';
import { isWorkAccount } from '../../../../platform/auth/work-account.js';
import type { EventStore } from '../../../../platform/event-store/event-store.port.js';
import { elevatedAccessUntil } from '../../../access/contracts/elevated-access.js';

/** What the browser learns about the signed-in user. */
export type SessionView = {
  readonly id: string;
  readonly email: string;
  readonly displayName: string | null;
  readonly provider: AuthenticatedUser['provider'];
  readonly isAdmin: boolean;
  /** A SAT leader (profile title Satellite): sees Team Training. */
  readonly isSatLeader: boolean;
  readonly isMicrosoftUser: boolean;
  readonly hasElevatedAccess: boolean;
  /** Email and Google users without a SAT leader must choose one before anything else. */
  readonly needsSatLeader: boolean;
};

export async function loadSessionView(
  pool: pg.Pool,
  store: EventStore,
  user: Pick<AuthenticatedUser, 'userId' | 'email' | 'provider'>,
  staffDomain: string | undefined,
): Promise<SessionView> {
  const { rows } = await pool.query<{ display_name: string | null; sat_manager_email: string | null; is_admin: boolean; is_sat_leader: boolean }>(
    `SELECT p.display_name, p.sat_manager_email, EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = $1 AND r.role = 'admin') AS is_admin,
            coalesce(p.title_code = 'Satellite', false) AS is_sat_leader
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1`,
    [user.userId],
  );
  const isMicrosoftUser = isWorkAccount(user, staffDomain);
  return {
    id: user.userId,
    email: user.email,
    displayName: rows[0]?.display_name ?? null,
    provider: user.provider,
    isAdmin: rows[0]?.is_admin ?? false,
    isSatLeader: rows[0]?.is_sat_leader ?? false,
    isMicrosoftUser,
    hasElevatedAccess: (await elevatedAccessUntil(store, user.userId)) !== null,
    needsSatLeader: (user.provider === 'email' || user.provider === 'google') && !rows[0]?.sat_manager_email,
  };
}
