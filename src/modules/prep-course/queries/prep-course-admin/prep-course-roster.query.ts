import type { SqlClient } from '../../../../platform/persistence/sql.js';
import { courseWeekendOf } from '../../contracts/prep-course-schedule.js';
import { openRequestsOf, registrationsWithOpenChange } from '../../services/registration-requests.js';
import { registrationsOf, type RegistrationRow } from '../list-prep-sessions/prep-sessions.query.js';

/**
 * A line of a weekend's roster: a registration in force (`confirmed`, with how, and whether a
 * change to it waits for its link) or a new registration still waiting for its link (`pending`,
 * holding no seat; its id is the request's).
 */
export type RosterRow = RegistrationRow & {
  readonly status: 'confirmed' | 'pending';
  readonly confirmedVia: 'form' | 'email' | 'account' | null;
  readonly changePending: boolean;
};

/** A weekend's roster for admins: the confirmed registrations first registered first, then those pending, first asked first. */
export async function rosterOf(db: SqlClient, sessionId: string, saturday: string, now: Date): Promise<RosterRow[]> {
  const [registrations, via, changing, open] = await Promise.all([
    registrationsOf(db, sessionId),
    db.query<{ id: string; via: 'form' | 'email' | 'account' }>('SELECT id::text AS id, confirmed_via AS via FROM prep_registrations WHERE session_id = $1', [
      sessionId,
    ]),
    registrationsWithOpenChange(db, sessionId, now),
    openRequestsOf(db, sessionId, now),
  ]);
  const confirmedVia = new Map(via.rows.map((row) => [row.id, row.via]));
  const registered = new Set(registrations.map((row) => row.email.toLowerCase()));
  const weekend = courseWeekendOf(saturday);
  return [
    ...registrations.map((row) => ({
      ...row,
      status: 'confirmed' as const,
      confirmedVia: confirmedVia.get(row.registrationId) ?? null,
      changePending: changing.has(row.registrationId),
    })),
    ...open
      .filter((request) => !registered.has(request.email.toLowerCase()))
      .map((request) => ({
        registrationId: request.requestId,
        sessionId,
        firstName: request.firstName,
        lastName: request.lastName,
        email: request.email,
        officeLabel: request.officeLabel,
        dateLabel: weekend.label,
        dateIso: weekend.dateIso,
        examAttempts: request.examAttempts,
        commitment: true,
        createdAt: request.createdAt.toISOString(),
        updatedAt: request.createdAt.toISOString(),
        status: 'pending' as const,
        confirmedVia: null,
        changePending: false,
      })),
  ];
}
