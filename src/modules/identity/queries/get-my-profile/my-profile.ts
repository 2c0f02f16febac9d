import type { SqlClient } from '../../../../platform/persistence/sql.js';
import type { Division } from '../../../training/contracts/training-content.js';

/** The signed-in user's account information as the profile page shows it. */
export type MyProfile = {
  readonly userId: string;
  readonly email: string;
  readonly displayName: string | null;
  readonly phone: string | null;
  /** The zone they chose, or null: then `effectiveTimeZone` is the organisation's. */
  readonly timeZone: string | null;
  readonly effectiveTimeZone: string;
  readonly organisationTimeZone: string;
  /** Where the picture is served (changes with each upload), or null. */
  readonly avatarUrl: string | null;
  /** The badge: 'Admin' for admins, else the profile's commission role title, else 'User'. */
  readonly role: string;
  readonly isAdmin: boolean;
  /** The SAT leader the agent chose at their first sign-in (an admin changes it on the Users page), or null. */
  readonly satLeader: { readonly email: string; readonly displayName: string | null } | null;
  /** The office whose training schedule the Training menu opens: the agent's choice, else their SAT leader's; null when neither chose. */
  readonly trainingDivision: { readonly division: Division; readonly chosenBy: 'you' | 'your SAT leader' } | null;
};

/** The avatar's address for `userId`, versioned by its upload time so a new one is fetched at once. */
export const avatarUrlOf = (userId: string, uploadedAt: Date) => `/api/profile/avatar/${userId}?v=${uploadedAt.getTime()}`;

export async function myProfile(db: SqlClient, userId: string, orgZone: string): Promise<MyProfile | null> {
  const { rows } = await db.query<{
    email: string;
    display_name: string | null;
    phone: string | null;
    timezone: string | null;
    avatar_url: string | null;
    title_code: string | null;
    is_admin: boolean;
    sat_leader_email: string | null;
    sat_leader_name: string | null;
    training_division: Division | null;
    leader_training_division: Division | null;
  }>(
    `SELECT u.email, p.display_name, p.phone, p.timezone, p.avatar_url, p.title_code,
            EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin') AS is_admin,
            p.sat_manager_email AS sat_leader_email, leader.display_name AS sat_leader_name,
            p.training_division, leader.training_division AS leader_training_division
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id
       LEFT JOIN users leader_account ON leader_account.email = lower(p.sat_manager_email)
       LEFT JOIN profiles leader ON leader.user_id = leader_account.id
      WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    userId,
    email: row.email,
    displayName: row.display_name,
    phone: row.phone,
    timeZone: row.timezone,
    effectiveTimeZone: row.timezone ?? orgZone,
    organisationTimeZone: orgZone,
    avatarUrl: row.avatar_url,
    role: row.is_admin ? 'Admin' : row.title_code === 'Satellite' ? 'SAT Leader' : 'User',
    isAdmin: row.is_admin,
    satLeader: row.sat_leader_email ? { email: row.sat_leader_email, displayName: row.sat_leader_name } : null,
    trainingDivision: row.training_division
      ? { division: row.training_division, chosenBy: 'you' }
      : row.leader_training_division
        ? { division: row.leader_training_division, chosenBy: 'your SAT leader' }
        : null,
  };
}
