import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError, ValidationFailed } from '../../../../platform/http/api-error.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { CONFIG, SQL_POOL } from '../../../../platform/tokens.js';
import { courseWeekendOf, isOfferedSaturday } from '../../contracts/prep-course-schedule.js';
import type { PrepRegistrationSubmitted } from '../../contracts/prep-course.events.js';
import { officeLabel, PREP_MESSAGES, type PrepRegistrationAnswer } from '../../contracts/prep-form.js';
import { confirmationMailId } from '../../jobs/prep-course-mail.job.js';
import type { PrepCourseConfig } from '../../prep-course.config.js';
import { offeredView } from '../../queries/list-prep-sessions/prep-sessions.query.js';
import { mailDelivered } from '../../services/mail-delivery.js';
import { recordPrepEvent } from '../../services/prep-rows.js';
import { RegisterForPrepCourse } from './register-for-prep-course.command.js';

const invalidDate = () => new ValidationFailed([{ field: 'dateIso', message: PREP_MESSAGES.invalidDate }], PREP_MESSAGES.invalidDate);

/**
 * Registers a visitor for an offered weekend, or updates their registration when the same e-mail
 * registered for it before. The session's row is locked while its seats are counted, so a burst
 * of registrations never fills more seats than it has. The confirmation is mailed by a job started
 * from the recorded event; the answer says whether it went out while the request waited.
 */
@CommandHandler(RegisterForPrepCourse)
export class RegisterForPrepCourseHandler implements ICommandHandler<RegisterForPrepCourse, PrepRegistrationAnswer> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: PrepCourseConfig,
  ) {}

  async execute({ input, context }: RegisterForPrepCourse): Promise<PrepRegistrationAnswer> {
    const [saturday = '', ...rest] = input.dateIso.split(' & ');
    if (rest.length !== 1 || !/^\d{4}-\d{2}-\d{2}$/.test(saturday) || !isOfferedSaturday(saturday, context.now)) throw invalidDate();
    const weekend = courseWeekendOf(saturday);
    if (weekend.dateIso !== input.dateIso) throw invalidDate();

    const outcome = await inTransaction(this.pool, async (tx) => {
      const { rows: sessions } = await tx.query<{ id: string; capacity: number }>(
        `SELECT id::text AS id, capacity FROM prep_sessions WHERE saturday = $1 AND status = 'scheduled' FOR UPDATE`,
        [saturday],
      );
      const session = sessions[0];
      if (!session) throw invalidDate();
      if (input.honeypot) return { registrationId: randomUUID(), sessionId: session.id, eventId: null };

      const values = [input.firstName, input.lastName, input.email, officeLabel(input.office), weekend.label, weekend.dateIso, input.examAttempts, context.now];
      const { rows: updated } = await tx.query<{ id: string }>(
        `UPDATE prep_registrations SET first_name = $3, last_name = $4, email = $5, office_label = $6, date_label = $7, date_iso = $8,
                exam_attempts = $9, commitment = true, updated_at = $10
          WHERE session_id = $1 AND lower(email) = lower($2) RETURNING id::text AS id`,
        [session.id, input.email, ...values],
      );
      let registrationId = updated[0]?.id;
      if (!registrationId) {
        const { rows: taken } = await tx.query<{ seats: number }>('SELECT count(*)::int AS seats FROM prep_registrations WHERE session_id = $1', [session.id]);
        if (taken[0]!.seats >= session.capacity) throw new ApiError(409, 'PREP_SESSION_FULL', PREP_MESSAGES.full);
        registrationId = randomUUID();
        await tx.query(
          `INSERT INTO prep_registrations (id, session_id, first_name, last_name, email, office_label, date_label, date_iso, exam_attempts, commitment, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10, $10)`,
          [registrationId, session.id, ...values],
        );
      }
      const eventId = await recordPrepEvent<PrepRegistrationSubmitted>(
        tx,
        'PrepRegistrationSubmitted',
        { registrationId, sessionId: session.id, saturday, updated: Boolean(updated[0]) },
        context,
      );
      return { registrationId, sessionId: session.id, eventId };
    });
    const session = offeredView({ sessionId: outcome.sessionId, saturday });
    if (!outcome.eventId) return { registrationId: outcome.registrationId, session, email: 'sent' };
    outboxCommitted();
    const sent = await mailDelivered(this.pool, confirmationMailId(outcome.eventId), this.config.prepCourseEmailWaitMs);
    return { registrationId: outcome.registrationId, session, email: sent ? 'sent' : 'delayed' };
  }
}
