import type { SqlClient } from '../../../../platform/persistence/sql.js';
import type { PrepConfirmationPreview } from '../../contracts/prep-form.js';
import { detailChanges, LINK_REFUSALS, linkState, type LinkRefusal } from '../../domain/prep-confirmation.js';
import { requestByToken } from '../../services/registration-requests.js';
import { offeredView, registrationWithSession, sessionById } from '../list-prep-sessions/prep-sessions.query.js';

/** What following a link would do (nothing is changed by asking), or why the link does not work. */
export async function confirmationPreview(db: SqlClient, token: string, now: Date): Promise<PrepConfirmationPreview | LinkRefusal> {
  const request = await requestByToken(db, token);
  if (!request) return LINK_REFUSALS.unknown;
  const state = linkState(request, now);
  if (state !== 'open') return LINK_REFUSALS[state];
  const session = (await sessionById(db, request.sessionId))!;
  const details = { firstName: request.firstName, lastName: request.lastName, officeLabel: request.officeLabel, examAttempts: request.examAttempts };
  const current = request.registrationId ? await registrationWithSession(db, request.registrationId) : null;
  return {
    kind: current ? 'change' : 'registration',
    session: offeredView(session),
    email: request.email,
    details,
    changes: current ? detailChanges(current.registration, details) : [],
  };
}
