import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { outboxCommitted } from '../../../../platform/event-store/outbox.js';
import { ApiError, ValidationFailed } from '../../../../platform/http/api-error.js';
import { deterministicUuid } from '../../../../platform/ids/deterministic-uuid.js';
import { inTransaction, type SqlClient } from '../../../../platform/persistence/sql.js';
import { enforce, type RateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { CONFIG, RATE_LIMITER, SQL_POOL } from '../../../../platform/tokens.js';
import { courseWeekendOf, isOfferedSaturday } from '../../contracts/prep-course-schedule.js';
import type { PrepRegistrationRequested, PrepRegistrationSubmitted } from '../../contracts/prep-course.events.js';
import { officeLabel, PREP_MESSAGES, type PrepRegistered, type PrepRegistrationAnswer } from '../../contracts/prep-form.js';
import { linkExpiresAt, needsMailboxConfirmation } from '../../domain/prep-confirmation.js';
import { PREP_CHANGE_PER_EMAIL, PREP_CHANGE_PER_IP } from '../../domain/prep-rate-limits.js';
import { confirmationMailId, requestMailId } from '../../jobs/prep-course-mail.job.js';
import type { PrepCourseConfig } from '../../prep-course.config.js';
import { offeredView } from '../../queries/list-prep-sessions/prep-sessions.query.js';
import { mailDelivered } from '../../services/mail-delivery.js';
import { recordPrepEvent } from '../../services/prep-rows.js';
import { seatsTaken } from '../../services/prep-seats.js';
import { RegisterForPrepCourse } from './register-for-prep-course.command.js';

const invalidDate = () => new ValidationFailed([{ field: 'dateIso', message: PREP_MESSAGES.invalidDate }], PREP_MESSAGES.invalidDate);
const full = () => new ApiError(409, 'PREP_SESSION_FULL', PREP_MESSAGES.full);

type Session = { readonly id: string; readonly capacity: number; readonly registered: number };

/**
 * Registers for an offered weekend. Whoever only knows an address cannot register it, nor change
 * its registration: the form is kept as a request and the address is mailed a link that applies it
 * (`ConfirmPrepRegistration`), so a seat is taken, and a registration changed, only from the owner's
 * mailbox. A signed-in agent naming their own account e-mail registers at once: the session's row is
 * then locked while its seats are counted, so a burst never fills more seats than it has. Changes
 * waiting for their link are limited per address and per e-mail; a first registration only per
 * address (in the controller), so nobody can use up an owner's chance to register.
 */
@CommandHandler(RegisterForPrepCourse)
export class RegisterForPrepCourseHandler implements ICommandHandler<RegisterForPrepCourse, PrepRegistrationAnswer> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(CONFIG) private readonly config: PrepCourseConfig,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
  ) {}

  async execute({ input, context, idempotencyKey }: RegisterForPrepCourse): Promise<PrepRegistrationAnswer> {
    const [saturday = '', ...rest] = input.dateIso.split(' & ');
    if (rest.length !== 1 || !/^\d{4}-\d{2}-\d{2}$/.test(saturday) || !isOfferedSaturday(saturday, context.now)) throw invalidDate();
    if (courseWeekendOf(saturday).dateIso !== input.dateIso) throw invalidDate();
    return needsMailboxConfirmation(input.email, input.signedInEmail)
      ? this.request(command(input, context, idempotencyKey), saturday)
      : this.register(input, context, saturday);
  }

  /** A signed-in agent with their own account e-mail: registered (or their registration changed) at once. */
  private async register(input: RegisterForPrepCourse['input'], context: RegisterForPrepCourse['context'], saturday: string): Promise<PrepRegistered> {
    const weekend = courseWeekendOf(saturday);
    const outcome = await inTransaction(this.pool, async (tx) => {
      const session = await scheduledSession(tx, saturday, true);
      if (input.honeypot) return { registrationId: randomUUID(), sessionId: session.id, eventId: null, updated: false };
      const values = [input.firstName, input.lastName, input.email, officeLabel(input.office), weekend.label, weekend.dateIso, input.examAttempts, context.now];
      const { rows: updated } = await tx.query<{ id: string }>(
        `UPDATE prep_registrations SET first_name = $3, last_name = $4, email = $5, office_label = $6, date_label = $7, date_iso = $8,
                exam_attempts = $9, commitment = true, updated_at = $10, confirmed_via = 'account'
          WHERE session_id = $1 AND lower(email) = lower($2) RETURNING id::text AS id`,
        [session.id, input.email, ...values],
      );
      let registrationId = updated[0]?.id;
      if (!registrationId) {
        if (session.registered >= session.capacity) throw full();
        registrationId = randomUUID();
        await tx.query(
          `INSERT INTO prep_registrations (id, session_id, first_name, last_name, email, office_label, date_label, date_iso, exam_attempts, commitment,
                                           created_at, updated_at, confirmed_via)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, true, $10, $10, 'account')`,
          [registrationId, session.id, ...values],
        );
      }
      const eventId = await recordPrepEvent<PrepRegistrationSubmitted>(
        tx,
        'PrepRegistrationSubmitted',
        { registrationId, sessionId: session.id, saturday, updated: Boolean(updated[0]), confirmedVia: 'account' },
        context,
      );
      return { registrationId, sessionId: session.id, eventId, updated: Boolean(updated[0]) };
    });
    const session = offeredView({ sessionId: outcome.sessionId, saturday });
    const base = { status: 'registered' as const, registrationId: outcome.registrationId, session, updated: outcome.updated };
    if (!outcome.eventId) return { ...base, email: 'sent' };
    outboxCommitted();
    const sent = await mailDelivered(this.pool, confirmationMailId(outcome.eventId), this.config.prepCourseEmailWaitMs);
    return { ...base, email: sent ? 'sent' : 'delayed' };
  }

  /** Anyone else: the form is kept as a request, and the address is mailed the link that applies it. */
  private async request({ input, context, requestId }: RequestCommand, saturday: string): Promise<PrepRegistrationAnswer> {
    const probe = await scheduledSession(this.pool, saturday, false);
    const pending = (eventId: string | null) => ({ status: 'pending' as const, session: offeredView({ sessionId: probe.id, saturday }), eventId });
    if (input.honeypot) return { status: 'pending', session: pending(null).session, email: 'sent' };
    const { rows: existing } = await this.pool.query<{ id: string }>(
      'SELECT id::text AS id FROM prep_registrations WHERE session_id = $1 AND lower(email) = lower($2)',
      [probe.id, input.email],
    );
    const registrationId = existing[0]?.id ?? null;
    if (registrationId) {
      // A change: counted before it is kept, so 30 at once keep no more than the limits allow.
      await enforce(this.limiter, [
        { rule: PREP_CHANGE_PER_IP, subject: context.client?.ip ?? 'unknown' },
        { rule: PREP_CHANGE_PER_EMAIL, subject: input.email },
      ]);
    } else if (probe.registered >= probe.capacity) {
      // A link that could only answer "full" is not worth a mail.
      throw full();
    }
    const outcome = await inTransaction(this.pool, async (tx) => {
      const { rowCount } = await tx.query(
        `INSERT INTO prep_registration_requests (id, session_id, registration_id, first_name, last_name, email, office_label, exam_attempts, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
        [
          requestId,
          probe.id,
          registrationId,
          input.firstName,
          input.lastName,
          input.email,
          officeLabel(input.office),
          input.examAttempts,
          linkExpiresAt(context.now),
          context.now,
        ],
      );
      // Kept before under the same key: asked once, answered alike.
      if (!rowCount) return pending(null);
      return pending(
        await recordPrepEvent<PrepRegistrationRequested>(
          tx,
          'PrepRegistrationRequested',
          { requestId, sessionId: probe.id, saturday, registrationId },
          context,
        ),
      );
    });
    const { eventId, ...answer } = outcome;
    if (!eventId) return { ...answer, email: 'sent' };
    outboxCommitted();
    const sent = await mailDelivered(this.pool, requestMailId(eventId), this.config.prepCourseEmailWaitMs);
    return { ...answer, email: sent ? 'sent' : 'delayed' };
  }
}

type RequestCommand = { readonly input: RegisterForPrepCourse['input']; readonly context: RegisterForPrepCourse['context']; readonly requestId: string };

/** The request's id: named by the idempotency key when there is one, so the same request sent again is kept once. */
const command = (input: RegisterForPrepCourse['input'], context: RegisterForPrepCourse['context'], key: string | undefined): RequestCommand => ({
  input,
  context,
  requestId: key ? deterministicUuid('v4', 'prep-registration-request', key) : randomUUID(),
});

/** The scheduled session of an offered Saturday with its seats taken (its row locked when `lock`); an unknown one is an invalid date. */
async function scheduledSession(db: SqlClient, saturday: string, lock: boolean): Promise<Session> {
  const { rows } = await db.query<{ id: string; capacity: number }>(
    `SELECT id::text AS id, capacity FROM prep_sessions WHERE saturday = $1 AND status = 'scheduled'${lock ? ' FOR UPDATE' : ''}`,
    [saturday],
  );
  const session = rows[0];
  if (!session) throw invalidDate();
  return { ...session, registered: await seatsTaken(db, session.id) };
}
