import { randomBytes } from 'node:crypto';

import { hashToken } from '../../../platform/auth/session-store.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import type { RegistrationDetails } from '../domain/prep-confirmation.js';

/** A registration, or a change to one, waiting for its address's owner to follow the mailed link. */
export type RegistrationRequestRow = RegistrationDetails & {
  readonly requestId: string;
  readonly sessionId: string;
  /** The registration a change is for; null for a new registration. */
  readonly registrationId: string | null;
  readonly email: string;
  readonly expiresAt: Date;
  readonly confirmedAt: Date | null;
  readonly createdAt: Date;
  /** Whether a link was mailed for it (a form sent again unchanged needs none). */
  readonly linked: boolean;
};

const REQUEST_COLUMNS = `q.id::text AS "requestId", q.session_id::text AS "sessionId", q.registration_id::text AS "registrationId",
  q.first_name AS "firstName", q.last_name AS "lastName", q.email, q.office_label AS "officeLabel", q.exam_attempts AS "examAttempts",
  q.expires_at AS "expiresAt", q.confirmed_at AS "confirmedAt", q.created_at AS "createdAt", q.token_hash IS NOT NULL AS linked`;

const asRequest = (row: RegistrationRequestRow): RegistrationRequestRow => ({
  ...row,
  expiresAt: new Date(row.expiresAt),
  confirmedAt: row.confirmedAt ? new Date(row.confirmedAt) : null,
  createdAt: new Date(row.createdAt),
});

export async function requestById(db: SqlClient, requestId: string): Promise<RegistrationRequestRow | null> {
  const { rows } = await db.query<RegistrationRequestRow>(`SELECT ${REQUEST_COLUMNS} FROM prep_registration_requests q WHERE q.id = $1`, [requestId]);
  return rows[0] ? asRequest(rows[0]) : null;
}

/** The request a link's token belongs to; `forUpdate` locks it, so a link is followed once however many follow it at once. */
export async function requestByToken(db: SqlClient, token: string, forUpdate = false): Promise<RegistrationRequestRow | null> {
  const { rows } = await db.query<RegistrationRequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM prep_registration_requests q WHERE q.token_hash = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [hashToken(token)],
  );
  return rows[0] ? asRequest(rows[0]) : null;
}

/** New registrations of a session still waiting for their link (not followed, not expired), first asked first. */
export async function openRequestsOf(db: SqlClient, sessionId: string, now: Date): Promise<RegistrationRequestRow[]> {
  const { rows } = await db.query<RegistrationRequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM prep_registration_requests q
      WHERE q.session_id = $1 AND q.registration_id IS NULL AND q.confirmed_at IS NULL AND q.token_hash IS NOT NULL AND q.expires_at > $2
      ORDER BY q.created_at, q.id`,
    [sessionId, now],
  );
  return rows.map(asRequest);
}

/** The registrations of a session with a change waiting for its link. */
export async function registrationsWithOpenChange(db: SqlClient, sessionId: string, now: Date): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT DISTINCT q.registration_id::text AS id FROM prep_registration_requests q
      WHERE q.session_id = $1 AND q.registration_id IS NOT NULL AND q.confirmed_at IS NULL AND q.token_hash IS NOT NULL AND q.expires_at > $2`,
    [sessionId, now],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Makes the link's token for a request not yet followed and keeps only its hash; null when it
 * was followed meanwhile. A mail job that runs again makes a new one (the old one was never mailed).
 */
export async function issueConfirmationToken(db: SqlClient, requestId: string): Promise<string | null> {
  const token = randomBytes(32).toString('base64url');
  const { rowCount } = await db.query('UPDATE prep_registration_requests SET token_hash = $2 WHERE id = $1 AND confirmed_at IS NULL', [
    requestId,
    hashToken(token),
  ]);
  return rowCount ? token : null;
}
