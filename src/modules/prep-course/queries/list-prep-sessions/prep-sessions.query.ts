import type { SqlClient } from '../../../../platform/persistence/sql.js';
import { courseWeekendOf, isOfferedSaturday } from '../../contracts/prep-course-schedule.js';
import type { OfferedSession } from '../../contracts/prep-form.js';

export const SESSION_NOT_FOUND = 'Course weekend not found';

export type SessionRow = {
  readonly sessionId: string;
  readonly saturday: string;
  readonly capacity: number;
  readonly status: 'scheduled' | 'cancelled';
  readonly movedFrom: string | null;
  readonly registered: number;
};

export type AdminSessionView = SessionRow & OfferedSession & { readonly offered: boolean };

const SESSION_COLUMNS = `s.id::text AS "sessionId", to_char(s.saturday, 'YYYY-MM-DD') AS saturday, s.capacity, s.status,
  to_char(s.moved_from, 'YYYY-MM-DD') AS "movedFrom",
  (SELECT count(*)::int FROM prep_registrations r WHERE r.session_id = s.id) AS registered`;

export const offeredView = (session: Pick<SessionRow, 'sessionId' | 'saturday'>): OfferedSession => ({
  sessionId: session.sessionId,
  ...courseWeekendOf(session.saturday),
});

/** The weekends a visitor may register for at `now`: scheduled, within the spec's window (from now, not started, three months ahead), not full; soonest first. */
export async function offeredSessions(db: SqlClient, now: Date): Promise<OfferedSession[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM prep_sessions s
      WHERE s.status = 'scheduled' AND s.saturday >= ($1::timestamptz AT TIME ZONE 'America/New_York')::date - 1
        AND s.saturday <= ($1::timestamptz AT TIME ZONE 'America/New_York')::date + interval '3 months 1 day'
      ORDER BY s.saturday`,
    [now],
  );
  return rows.filter((row) => row.registered < row.capacity && isOfferedSaturday(row.saturday, now)).map(offeredView);
}

/** Every weekend from four weeks ago on, for the admin page: with its capacity, how many registered and whether it is offered now. */
export async function adminSessions(db: SqlClient, now: Date): Promise<AdminSessionView[]> {
  const { rows } = await db.query<SessionRow>(
    `SELECT ${SESSION_COLUMNS} FROM prep_sessions s
      WHERE s.saturday >= ($1::timestamptz AT TIME ZONE 'America/New_York')::date - 28 ORDER BY s.saturday, s.status DESC`,
    [now],
  );
  return rows.map((row) => ({
    ...row,
    ...offeredView(row),
    offered: row.status === 'scheduled' && row.registered < row.capacity && isOfferedSaturday(row.saturday, now),
  }));
}

export async function sessionById(db: SqlClient, sessionId: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(`SELECT ${SESSION_COLUMNS} FROM prep_sessions s WHERE s.id = $1`, [sessionId]);
  return rows[0] ?? null;
}

export type RegistrationRow = {
  readonly registrationId: string;
  readonly sessionId: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly officeLabel: string;
  readonly dateLabel: string;
  readonly dateIso: string;
  readonly examAttempts: string;
  readonly commitment: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
};

const REGISTRATION_COLUMNS = `r.id::text AS "registrationId", r.session_id::text AS "sessionId", r.first_name AS "firstName", r.last_name AS "lastName",
  r.email, r.office_label AS "officeLabel", r.date_label AS "dateLabel", r.date_iso AS "dateIso", r.exam_attempts AS "examAttempts",
  r.commitment, r.created_at AS "createdAt", r.updated_at AS "updatedAt"`;

/** A session's registrations, first registered first. */
export async function registrationsOf(db: SqlClient, sessionId: string): Promise<RegistrationRow[]> {
  const { rows } = await db.query<RegistrationRow>(
    `SELECT ${REGISTRATION_COLUMNS} FROM prep_registrations r WHERE r.session_id = $1 ORDER BY r.created_at, r.id`,
    [sessionId],
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString(), updatedAt: new Date(row.updatedAt).toISOString() }));
}

/** One registration with its session as it is now (moved or cancelled since, perhaps). */
export async function registrationWithSession(db: SqlClient, registrationId: string): Promise<{ registration: RegistrationRow; session: SessionRow } | null> {
  const { rows } = await db.query<RegistrationRow>(`SELECT ${REGISTRATION_COLUMNS} FROM prep_registrations r WHERE r.id = $1`, [registrationId]);
  const registration = rows[0];
  if (!registration) return null;
  const session = await sessionById(db, registration.sessionId);
  return session ? { registration, session } : null;
}
