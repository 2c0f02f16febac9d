import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { moduleHarness } from '../../../../../test/support/module-harness.js';
import { inParallel, tally } from '../../../../../test/support/parallel.js';
import { describeOn, everyDatabase } from '../../../../../test/support/test-databases.js';
import { requestContext, systemContext } from '../../../../platform/event-store/new-event.js';
import { ApiError } from '../../../../platform/http/api-error.js';
import { PostgresRateLimiter } from '../../../../platform/rate-limit/rate-limiter.js';
import { CONFIG, RATE_LIMITER } from '../../../../platform/tokens.js';
import { offeredCourseWeekends } from '../../contracts/prep-course-schedule.js';
import { issueConfirmationToken } from '../../services/registration-requests.js';
import { ExtendPrepSessions } from '../extend-prep-sessions/extend-prep-sessions.command.js';
import { ExtendPrepSessionsHandler } from '../extend-prep-sessions/extend-prep-sessions.handler.js';
import { RegisterForPrepCourse } from '../register-for-prep-course/register-for-prep-course.command.js';
import { RegisterForPrepCourseHandler } from '../register-for-prep-course/register-for-prep-course.handler.js';
import { SetPrepSessionCapacity } from '../set-prep-session-capacity/set-prep-session-capacity.command.js';
import { SetPrepSessionCapacityHandler } from '../set-prep-session-capacity/set-prep-session-capacity.handler.js';
import { ConfirmPrepRegistration } from './confirm-prep-registration.command.js';
import { ConfirmPrepRegistrationHandler } from './confirm-prep-registration.handler.js';

const NOW = new Date('2031-01-08T15:00:00Z');
const weekends = offeredCourseWeekends(NOW);
const ADMIN = { type: 'user', id: '00000000-0000-4000-8000-00000000a0a0' } as const;

// Every check-then-act rule runs on both engines: the last seat of a weekend, and a link followed once.
for (const database of everyDatabase()) {
  describeOn(database, `confirming prep course registrations at once on ${database.name}`, () => {
    const harness = moduleHarness(database, {
      isolated: true,
      providers: [ExtendPrepSessionsHandler, SetPrepSessionCapacityHandler, RegisterForPrepCourseHandler, ConfirmPrepRegistrationHandler],
      values: ({ pool }) => [
        [CONFIG, { prepCourseEmailWaitMs: 0 }],
        [RATE_LIMITER, new PostgresRateLimiter(pool)],
      ],
    });

    const form = (saturday: string, email: string, signedInEmail: string | null = null) => ({
      firstName: 'Ana',
      lastName: 'Diaz',
      office: 'east-tampa' as const,
      email,
      dateIso: weekends.find((w) => w.saturday === saturday)!.dateIso,
      examAttempts: 'Once' as const,
      commitment: true,
      honeypot: false,
      signedInEmail,
    });
    const sessionOf = async (saturday: string) =>
      (await harness.pool.query<{ id: string }>(`SELECT id::text AS id FROM prep_sessions WHERE saturday = $1`, [saturday])).rows[0]!.id;
    const withSeats = async (saturday: string, capacity: number) => {
      await harness.commands.execute(new ExtendPrepSessions({ capacity: 10 }, systemContext('test', NOW)));
      const sessionId = await sessionOf(saturday);
      await harness.commands.execute(new SetPrepSessionCapacity({ sessionId, capacity }, requestContext(ADMIN, undefined, NOW)));
      return sessionId;
    };
    const seats = async (sessionId: string) =>
      (await harness.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM prep_registrations WHERE session_id = $1', [sessionId])).rows[0]!.n;
    const outcome = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'registered',
        (error: unknown) => (error instanceof ApiError ? error.code : String(error)),
      );
    /** A visitor's request, and the token its mail would carry. */
    const requested = async (saturday: string) => {
      const key = randomUUID();
      const email = `visitor-${key}@example.test`;
      const answer = await harness.commands.execute(
        new RegisterForPrepCourse(form(saturday, email), requestContext({ type: 'anonymous', id: 'anonymous' }, undefined, NOW), key),
      );
      expect(answer.status).toBe('pending');
      const { rows } = await harness.pool.query<{ id: string }>('SELECT id::text AS id FROM prep_registration_requests WHERE email = $1', [email]);
      return (await issueConfirmationToken(harness.pool, rows[0]!.id))!;
    };
    const confirm = (token: string) =>
      harness.commands.execute(new ConfirmPrepRegistration({ token }, requestContext({ type: 'anonymous', id: 'anonymous' }, undefined, NOW)));

    it('takes no seat for a request, and gives the last seat to one of 30 confirmations at once', async () => {
      const saturday = weekends[0]!.saturday;
      const sessionId = await withSeats(saturday, 1);
      const tokens: string[] = [];
      for (let i = 0; i < 30; i++) tokens.push(await requested(saturday));
      expect(await seats(sessionId)).toBe(0);
      const outcomes = await inParallel(30, (i) => outcome(confirm(tokens[i]!)));
      expect(tally(outcomes)).toEqual({ registered: 1, PREP_SESSION_FULL: 29 });
      expect(await seats(sessionId)).toBe(1);
    });

    it('gives the last seat to one of 30 signed-in agents registering at once', async () => {
      const saturday = weekends[1]!.saturday;
      const sessionId = await withSeats(saturday, 1);
      const outcomes = await inParallel(30, (i) => {
        const email = `agent-${i}-${randomUUID().slice(0, 6)}@example.test`;
        return outcome(harness.commands.execute(new RegisterForPrepCourse(form(saturday, email, email), requestContext(ADMIN, undefined, NOW))));
      });
      expect(tally(outcomes)).toEqual({ registered: 1, PREP_SESSION_FULL: 29 });
      expect(await seats(sessionId)).toBe(1);
    });

    it('applies a link followed 30 times at once once; the others are told it was used', async () => {
      const saturday = weekends[2]!.saturday;
      const sessionId = await withSeats(saturday, 5);
      const token = await requested(saturday);
      const outcomes = await inParallel(30, () => outcome(confirm(token)));
      expect(tally(outcomes)).toEqual({ registered: 1, PREP_LINK_USED: 29 });
      expect(await seats(sessionId)).toBe(1);
    });
  });
}
