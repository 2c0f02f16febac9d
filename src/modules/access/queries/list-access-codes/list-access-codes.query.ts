import type pg from 'pg';

/** Every access code with its uses, newest first; never the codes themselves (only their hashes are kept). */
export async function listAccessCodes(pool: pg.Pool) {
  const { rows } = await pool.query(
    `SELECT code_id AS "codeId", label, grants_hours AS "grantsHours", expires_at AS "expiresAt", max_uses AS "maxUses", uses, disabled, created_at AS "createdAt"
       FROM rm_access_codes ORDER BY created_at DESC`,
  );
  return rows;
}
