import type { SqlClient } from '../../../platform/persistence/sql.js';

/** Who a user id is, as the admin views show it: e-mail and display name. */
export type UserLabel = { readonly id: string; readonly email: string; readonly displayName: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The labels of the given ids that are users (other ids, e.g. system actors, are left out). */
export async function userLabels(db: SqlClient, ids: Iterable<string | null | undefined>): Promise<Map<string, UserLabel>> {
  const userIds = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && UUID.test(id)))];
  if (userIds.length === 0) return new Map();
  const { rows } = await db.query<UserLabel>(
    `SELECT u.id::text AS id, u.email, p.display_name AS "displayName" FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ANY($1::uuid[])`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** The id of the account with this e-mail address, or null. */
export async function userIdByEmail(db: SqlClient, email: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>('SELECT id::text AS id FROM users WHERE email = $1', [email.trim().toLowerCase()]);
  return rows[0]?.id ?? null;
}

/** The ids of the accounts with these e-mail addresses (any letter case), by lower-case address; unknown addresses are left out. */
export async function userIdsByEmails(db: SqlClient, emails: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set([...emails].map((email) => email.trim().toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; email: string }>(
    'SELECT id::text AS id, lower(email) AS email FROM users WHERE lower(email) = ANY($1::text[])',
    [wanted],
  );
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** The id of the account with this e-mail address that is not disabled (and, with `madeBy`, was made by then), or null. */
export async function activeUserIdByEmail(db: SqlClient, email: string, madeBy?: Date): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id::text AS id FROM users WHERE email = $1 AND disabled_at IS NULL AND ($2::timestamptz IS NULL OR created_at <= $2)',
    [email.trim().toLowerCase(), madeBy ?? null],
  );
  return rows[0]?.id ?? null;
}

/**
 * A user's place in the SAT hierarchy, for rules that follow it (transfers between agents):
 * the account's e-mail, the e-mail of the SAT leader it chose (profiles.sat_manager_email),
 * whether it is a SAT leader itself (title_code 'Satellite'), an admin, or disabled.
 */
export type SatHierarchyEntry = {
  readonly id: string;
  readonly email: string;
  readonly satLeaderEmail: string | null;
  readonly isSatLeader: boolean;
  readonly isAdmin: boolean;
  readonly disabled: boolean;
};

/** The hierarchy entry of the account with this id, or with this e-mail address (any case); null when there is none. */
export async function satHierarchyEntry(db: SqlClient, who: { readonly userId: string } | { readonly email: string }): Promise<SatHierarchyEntry | null> {
  const byId = 'userId' in who;
  if (byId && !UUID.test(who.userId)) return null;
  const { rows } = await db.query<SatHierarchyEntry>(
    `SELECT u.id::text AS id, u.email, lower(p.sat_manager_email) AS "satLeaderEmail",
            coalesce(p.title_code = 'Satellite', false) AS "isSatLeader",
            EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin') AS "isAdmin",
            u.disabled_at IS NOT NULL AS disabled
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE ${byId ? 'u.id = $1::uuid' : 'u.email = $1'}`,
    [byId ? who.userId : who.email.trim().toLowerCase()],
  );
  return rows[0] ?? null;
}

/** Someone a user may send money to (transfers follow the SAT hierarchy), as the Send money dialog names them. */
export type TransferRecipient = { readonly email: string; readonly displayName: string | null };

/**
 * Whom this user may send money to besides admins' reach: the SAT leader they chose (null when
 * none, or when they lead themselves) and the active agents who chose them as their SAT leader.
 */
export async function transferRecipientsOf(
  db: SqlClient,
  userId: string,
): Promise<{ readonly satLeader: TransferRecipient | null; readonly agents: readonly TransferRecipient[] }> {
  if (!UUID.test(userId)) return { satLeader: null, agents: [] };
  const { rows } = await db.query<TransferRecipient & { leader: boolean }>(
    `WITH me AS (SELECT u.id, u.email, lower(p.sat_manager_email) AS leader_email FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = $1::uuid)
     SELECT u.email, p.display_name AS "displayName", u.email = me.leader_email AS leader
       FROM me, users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.id <> me.id AND u.disabled_at IS NULL AND (u.email = me.leader_email OR lower(p.sat_manager_email) = me.email)
      ORDER BY leader DESC, p.display_name NULLS LAST, u.email`,
    [userId],
  );
  return {
    satLeader: rows.find((row) => row.leader) ? { email: rows[0]!.email, displayName: rows[0]!.displayName } : null,
    agents: rows.filter((row) => !row.leader).map(({ email, displayName }) => ({ email, displayName })),
  };
}

/** The e-mail address of the account with this id, or null. */
export async function emailOf(db: SqlClient, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  return rows[0]?.email ?? null;
}

/** Whether an account with this id exists (disabled ones too). */
export async function userExists(db: SqlClient, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM users WHERE id = $1', [userId]);
  return Boolean(rowCount);
}

/** Whether the user holds at least one of these roles. */
export async function hasRole(db: SqlClient, userId: string, roles: readonly string[]): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM user_roles WHERE user_id = $1 AND role = ANY($2::text[]) LIMIT 1', [userId, roles]);
  return Boolean(rowCount);
}

/** The active admins, by e-mail: whom a help request can be given to. */
export async function activeAdmins(db: SqlClient): Promise<UserLabel[]> {
  const { rows } = await db.query<UserLabel>(
    `SELECT u.id::text AS id, u.email, p.display_name AS "displayName"
       FROM users u JOIN user_roles r ON r.user_id = u.id AND r.role = 'admin' LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.disabled_at IS NULL ORDER BY u.email`,
  );
  return rows;
}

/** The e-mail addresses of the admins whose accounts are not disabled, in alphabetical order. */
export async function adminEmails(db: SqlClient): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `SELECT u.email FROM users u JOIN user_roles r ON r.user_id = u.id WHERE r.role = 'admin' AND u.disabled_at IS NULL ORDER BY u.email`,
  );
  return rows.map((row) => row.email);
}

/** A member of a SAT leader's team (or, for admins, any active account), as team views name them. */
export type TeamMember = {
  readonly id: string;
  readonly email: string;
  readonly displayName: string | null;
  /** The e-mail of the SAT leader they chose, or null. */
  readonly satLeaderEmail: string | null;
};

/**
 * The active accounts that chose this user as their SAT leader (profiles.sat_manager_email, any
 * letter case), by name; empty when the user is not a SAT leader (title_code 'Satellite').
 */
export async function satTeamOf(db: SqlClient, leaderUserId: string): Promise<TeamMember[]> {
  if (!UUID.test(leaderUserId)) return [];
  const { rows } = await db.query<TeamMember>(
    `SELECT u.id::text AS id, u.email, p.display_name AS "displayName", lower(p.sat_manager_email) AS "satLeaderEmail"
       FROM users leader JOIN profiles lp ON lp.user_id = leader.id AND lp.title_code = 'Satellite'
       JOIN profiles p ON lower(p.sat_manager_email) = lower(leader.email) JOIN users u ON u.id = p.user_id
      WHERE leader.id = $1::uuid AND u.id <> leader.id AND u.disabled_at IS NULL
      ORDER BY p.display_name NULLS LAST, u.email`,
    [leaderUserId],
  );
  return rows;
}

/** Every active account with its SAT leader's e-mail, by name (admins' team views); at most `limit`. */
export async function activeMembers(db: SqlClient, limit = 1000): Promise<TeamMember[]> {
  const { rows } = await db.query<TeamMember>(
    `SELECT u.id::text AS id, u.email, p.display_name AS "displayName", lower(p.sat_manager_email) AS "satLeaderEmail"
       FROM users u LEFT JOIN profiles p ON p.user_id = u.id
      WHERE u.disabled_at IS NULL ORDER BY p.display_name NULLS LAST, u.email LIMIT $1`,
    [limit],
  );
  return rows;
}
