import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { COURSE_START_HOUR, courseDayAt, courseWeekendOf } from '../../contracts/prep-course-schedule.js';
import type { PrepRegistrationSubmitted } from '../../contracts/prep-course.events.js';
import { PREP_MESSAGES, type PrepRegistered } from '../../contracts/prep-form.js';
import { LINK_REFUSALS, linkState } from '../../domain/prep-confirmation.js';
import { confirmationMailId } from '../../jobs/prep-course-mail.job.js';
import type { PrepCourseConfig } from '../../prep-course.config.js';
import { offeredView } from '../../queries/list-prep-sessions/prep-sessions.query.js';
import { mailDelivered } from '../../services/mail-delivery.js';
import { recordPrepEvent } from '../../services/prep-rows.js';
import { seatsTaken } from '../../services/prep-seats.js';
import { requestByToken } from '../../services/registration-requests.js';
import { ConfirmPrepRegistration } from './confirm-prep-registration.command.js';
import { linkRefused } from './confirmation-token.request.js';

/**
 * Applies what a followed link was mailed for, once: the request's row is locked, so the same link
 * followed twice at once applies it once and the second is told it was used. A new registration
 * takes its seat now (the session's row locked while the seats are counted, so 30 confirmations for
 * the last seat take it once); one that finds the weekend full, cancelled or started is refused and
 * its link stays unused. A change replaces the registration's details. Either way the confirmation
 * is mailed from the recorded event.
 */
@CommandHandler(ConfirmPrepRegistration)
export class ConfirmPrepRegistrationHandler implements ICommandHandler<ConfirmPrepRegistration, PrepRegistered> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: PrepCourseConfig,
  ) {}

  async execute({ input, context }: ConfirmPrepRegistration): Promise<PrepRegistered> {
    const outcome = await inTransaction(this.pool, async (tx) => {
      const request = await requestByToken(tx, input.token, true);
      if (!request) throw linkRefused(LINK_REFUSALS.unknown);
      const state = linkState(request, context.now);
      if (state !== 'open') throw linkRefused(LINK_REFUSALS[state]);

      const { rows: sessions } = await tx.query<{ saturday: string; capacity: number; status: 'scheduled' | 'cancelled' }>(
        `SELECT to_char(saturday, 'YYYY-MM-DD') AS saturday, capacity, status FROM prep_sessions WHERE id = $1 FOR UPDATE`,
        [request.sessionId],
      );
      const session = sessions[0]!;
      if (session.status === 'cancelled') throw new ApiError(409, 'PREP_SESSION_CANCELLED', PREP_MESSAGES.cancelled);
      if (context.now.getTime() >= courseDayAt(session.saturday, COURSE_START_HOUR).getTime())
        throw new ApiError(409, 'PREP_SESSION_STARTED', PREP_MESSAGES.started);

      const weekend = courseWeekendOf(session.saturday);
      const details = [request.firstName, request.lastName, request.officeLabel, request.examAttempts, weekend.label, weekend.dateIso, context.now];
      // The registration a change names, or one the same address confirmed meanwhile for the weekend.
      const { rows: updated } = await tx.query<{ id: string }>(
        `UPDATE prep_registrations SET first_name = $3, last_name = $4, office_label = $5, exam_attempts = $6, date_label = $7, date_iso = $8,
                updated_at = $9, confirmed_via = 'email'
          WHERE id = (SELECT id FROM prep_registrations WHERE session_id = $1 AND (id = $2 OR lower(email) = lower($10)) ORDER BY id = $2 DESC LIMIT 1)
          RETURNING id::text AS id`,
        [request.sessionId, request.registrationId ?? '00000000-0000-0000-0000-000000000000', ...details, request.email],
      );
      let registrationId = updated[0]?.id;
      if (!registrationId) {
        if ((await seatsTaken(tx, request.sessionId)) >= session.capacity) throw new ApiError(409, 'PREP_SESSION_FULL', PREP_MESSAGES.full);
        registrationId = randomUUID();
        await tx.query(
          `INSERT INTO prep_registrations (id, session_id, first_name, last_name, office_label, exam_attempts, date_label, date_iso, created_at, updated_at,
                                           email, commitment, confirmed_via)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, true, 'email')`,
          [registrationId, request.sessionId, ...details, request.email],
        );
      }
      await tx.query('UPDATE prep_registration_requests SET confirmed_at = $2 WHERE id = $1', [request.requestId, context.now]);
      const eventId = await recordPrepEvent<PrepRegistrationSubmitted>(
        tx,
        'PrepRegistrationSubmitted',
        {
          registrationId,
          sessionId: request.sessionId,
          saturday: session.saturday,
          updated: Boolean(updated[0]),
          confirmedVia: 'email',
          requestId: request.requestId,
        },
        context,
      );
      return { registrationId, sessionId: request.sessionId, saturday: session.saturday, updated: Boolean(updated[0]), eventId };
    });
    outboxCommitted();
    const sent = await mailDelivered(this.pool, confirmationMailId(outcome.eventId), this.config.prepCourseEmailWaitMs);
    return {
      status: 'registered',
      registrationId: outcome.registrationId,
      session: offeredView({ sessionId: outcome.sessionId, saturday: outcome.saturday }),
      updated: outcome.updated,
      email: sent ? 'sent' : 'delayed',
    };
  }
}
