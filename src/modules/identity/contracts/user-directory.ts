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
