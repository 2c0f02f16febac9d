import { expect, it } from 'vitest';

import { jobEnded } from '../../../../test/support/async-work.js';
import { moduleHarness } from '../../../../test/support/module-harness.js';
import { describeOn, oneDatabase } from '../../../../test/support/test-databases.js';
import { eventually } from '../../../../test/support/waiting.js';
import { requestContext, systemContext } from '../../../platform/event-store/new-event.js';
import { OutboxRelay } from '../../../platform/event-store/outbox.js';
import { Mailer } from '../../../platform/mail/mailer.js';
import { PostgresRateLimiter } from '../../../platform/rate-limit/rate-limiter.js';
import { CONFIG, RATE_LIMITER } from '../../../platform/tokens.js';
import { CancelPrepSession } from '../commands/cancel-prep-session/cancel-prep-session.command.js';
import { CancelPrepSessionHandler } from '../commands/cancel-prep-session/cancel-prep-session.handler.js';
import { ExtendPrepSessions } from '../commands/extend-prep-sessions/extend-prep-sessions.command.js';
import { ExtendPrepSessionsHandler } from '../commands/extend-prep-sessions/extend-prep-sessions.handler.js';
import { RegisterForPrepCourse } from '../commands/register-for-prep-course/register-for-prep-course.command.js';
import { RegisterForPrepCourseHandler } from '../commands/register-for-prep-course/register-for-prep-course.handler.js';
import { offeredCourseWeekends } from '../contracts/prep-course-schedule.js';
import { reminderDueAt, reminderJobId } from '../domain/prep-reminders.js';
import { MAIL_PREP_REMINDER, prepCourseMailTriggers, registerPrepCourseMailJobs } from './prep-course-mail.job.js';

// A fixed clock for the rules (the offer window, the reminders' due times); the queue's delays run on the real one.
const NOW = new Date('2031-01-08T15:00:00Z');
const weekends = offeredCourseWeekends(NOW);

for (const database of oneDatabase()) {
  describeOn(database, `prep course mails and reminders on ${database.name}`, () => {
    // What the jobs take as "now" when they schedule reminders: set so a reminder falls due a moment later.
    let jobClock = NOW;
    let relay: OutboxRelay;
    const config = { prepCourseEmailWaitMs: 10_000 };
    const harness = moduleHarness(database, {
      providers: [ExtendPrepSessionsHandler, RegisterForPrepCourseHandler, CancelPrepSessionHandler],
      values: ({ pool }) => [
        [CONFIG, config],
        [RATE_LIMITER, new PostgresRateLimiter(pool)],
      ],
      jobTriggers: prepCourseMailTriggers,
      registerJobs: ({ queue, pool }) => {
        registerPrepCourseMailJobs(queue, pool, new Mailer(pool, 'portal@example.test', undefined), { publicUrl: 'https://portal.example' }, () => jobClock);
        relay = new OutboxRelay(pool, harness.store, { pollIntervalMs: 50 });
        relay.start();
      },
    });

    const mails = async (to: string) =>
      (
        await harness.pool.query<{ id: string; subject: string; attachments: { filename: string; content: string }[] | null }>(
          'SELECT id, subject, attachments FROM mail_messages WHERE to_address = $1 ORDER BY created_at',
          [to],
        )
      ).rows;
    const until = (what: string, check: () => Promise<boolean>) => eventually(what, check, (done) => done);
    const register = async (email: string, saturday: string) => {
      const weekend = weekends.find((w) => w.saturday === saturday)!;
      const input = {
        firstName: 'Ana',
        lastName: 'Diaz',
        office: 'east-tampa',
        email,
        dateIso: weekend.dateIso,
        examAttempts: 'Once',
        commitment: true,
        honeypot: false,
        // A signed-in agent with their own account e-mail: registered at once, no link to follow.
        signedInEmail: email,
      } as const;
      const answer = await harness.commands.execute(
        new RegisterForPrepCourse({ ...input, commitment: true }, requestContext({ type: 'user', id: '00000000-0000-4000-8000-00000000b0b0' }, undefined, NOW)),
      );
      if (answer.status !== 'registered') throw new Error(`expected a registration in force, got ${answer.status}`);
      return answer;
    };

    it('confirms with the calendar file, schedules both reminders, and sends each once', async () => {
      await harness.commands.execute(new ExtendPrepSessions({ capacity: 10 }, systemContext('test', NOW)));
      const saturday = weekends[0]!.saturday;
      jobClock = new Date(reminderDueAt(saturday, 'two-days-before').getTime() - 1_000);
      const email = `reminded-${database.name}@example.test`;
      const answer = await register(email, saturday);
      expect(answer.email).toBe('sent');
      const [confirmation] = await mails(email);
      expect(confirmation!.subject).toBe(`You're registered: 2-15 License Prep, ${weekends[0]!.label}`);
      expect(confirmation!.attachments![0]!.filename).toBe('2-15-license-prep.ics');
      expect(confirmation!.attachments![0]!.content).toContain(`DTSTART;TZID=America/New_York:${saturday.replaceAll('-', '')}T080000`);

      const twoDays = reminderJobId(answer.registrationId, saturday, 'two-days-before');
      const morning = reminderJobId(answer.registrationId, saturday, 'course-morning');
      // The morning one waits for its time (the table queue calls it waiting, BullMQ delayed).
      await until('the morning reminder queued for its time', async () => ['waiting', 'delayed'].includes((await harness.queue.get(morning))?.status ?? ''));
      await until('the two-days reminder mailed', async () => (await mails(email)).some((mail) => mail.id === twoDays));
      // The same reminder queued again (a confirmation job that ran twice) mails nobody twice.
      await harness.queue.enqueue(MAIL_PREP_REMINDER, { registrationId: answer.registrationId, saturday, kind: 'two-days-before' }, { jobId: twoDays });
      await jobEnded(harness.queue, twoDays);
      expect((await mails(email)).map((mail) => mail.subject)).toEqual([
        confirmation!.subject,
        `Reminder: 2-15 License Prep this weekend, ${weekends[0]!.label}`,
      ]);
    });

    it('sends no reminder for a cancelled weekend, and mails its registrants that it is cancelled', async () => {
      const saturday = weekends[1]!.saturday;
      jobClock = new Date(reminderDueAt(saturday, 'two-days-before').getTime() - 2_500);
      const email = `cancelled-${database.name}@example.test`;
      const answer = await register(email, saturday);
      const twoDays = reminderJobId(answer.registrationId, saturday, 'two-days-before');
      await until('the two-days reminder queued', async () => (await harness.queue.get(twoDays)) !== null);
      await harness.commands.execute(
        new CancelPrepSession(
          { sessionId: answer.session.sessionId },
          requestContext({ type: 'user', id: '00000000-0000-4000-8000-00000000a0a0' }, undefined, NOW),
        ),
      );
      await until('the two-days reminder job done', async () => (await harness.queue.get(twoDays))?.status === 'completed');
      await until('two mails to the registrant', async () => (await mails(email)).length === 2);
      expect((await mails(email)).map((mail) => mail.subject)).toEqual([
        `You're registered: 2-15 License Prep, ${weekends[1]!.label}`,
        `Cancelled: 2-15 License Prep on ${weekends[1]!.label}`,
      ]);
      const [booked, cancelled] = await mails(email);
      const uids = (ics: string) => ics.match(/^UID:.*$/gm);
      expect(cancelled!.attachments![0]!.content.match(/^STATUS:CANCELLED/gm)).toHaveLength(2);
      expect(uids(cancelled!.attachments![0]!.content)).toEqual(uids(booked!.attachments![0]!.content));
    });

    it('answers that the e-mail may be delayed when it has not gone out within the wait, and sends it all the same', async () => {
      config.prepCourseEmailWaitMs = 0;
      const email = `delayed-${database.name}@example.test`;
      const answer = await register(email, weekends[2]!.saturday);
      config.prepCourseEmailWaitMs = 10_000;
      expect(answer.email).toBe('delayed');
      await until('one mail to the registrant', async () => (await mails(email)).length === 1);
    });

    it('stops the relay', async () => relay.stop());
  });
}
