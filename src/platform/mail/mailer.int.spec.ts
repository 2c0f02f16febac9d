import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { testDatabases } from '../../../test/support/test-databases.js';
import { PostgresJobQueue } from '../jobs/postgres-job-queue.js';
import { createPool, type SqlPool } from '../persistence/sql.js';
import { Mailer, registerMailJob, SEND_EMAIL_JOB } from './mailer.js';

type Received = { from: string; to: string[]; raw: string };

async function startSmtpServer(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const database = testDatabases()[0]!;

describe('mail', () => {
  let pool: SqlPool;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    pool = createPool(database.url, 4);
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
    await pool.end();
  });

  it('sends over SMTP when SMTP_URL is set, once per message id', async () => {
    const mailer = new Mailer(pool, 'Agent Portal <no-reply@portal.test>', smtp.url);
    const id = randomUUID();
    await mailer.send(id, { to: 'ana@agents.test', subject: 'Confirm your e-mail', text: 'Open this link to confirm.' });
    await mailer.send(id, { to: 'ana@agents.test', subject: 'Confirm your e-mail', text: 'Open this link to confirm.' });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ from: 'no-reply@portal.test', to: ['ana@agents.test'] });
    expect(smtp.received[0]!.raw).toContain('Subject: Confirm your e-mail');
    expect(smtp.received[0]!.raw).toContain('Open this link to confirm.');
    const [stored] = await mailer.recent(1, 'ana@agents.test');
    expect(stored).toMatchObject({ id, transport: 'smtp', subject: 'Confirm your e-mail' });
    mailer.close();
  });

  it('sends attachments over SMTP as MIME parts and keeps them with the stored mail', async () => {
    const mailer = new Mailer(pool, 'Agent Portal <no-reply@portal.test>', smtp.url);
    const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
    const to = `${randomUUID()}@agents.test`;
    await mailer.send(randomUUID(), {
      to,
      subject: 'Your course',
      text: 'See the file.',
      attachments: [{ filename: 'course.ics', contentType: 'text/calendar', content: calendar }],
    });
    const raw = smtp.received.find((mail) => mail.to.includes(to))!.raw;
    expect(raw).toMatch(/Content-Type: text\/calendar; name=course\.ics/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename=course\.ics/);
    expect((await mailer.recent(1, to))[0]!.attachments).toEqual([{ filename: 'course.ics', contentType: 'text/calendar', content: calendar }]);
    mailer.close();
  });

  it('keeps mail in the outbox when no SMTP server is configured, sent through the job queue', async () => {
    const mailer = new Mailer(pool, 'Agent Portal <no-reply@portal.test>', undefined);
    const jobs = new PostgresJobQueue(pool, `mail-${randomUUID()}`, 50);
    registerMailJob(jobs, mailer);
    await jobs.startWorkers(1);
    try {
      const to = `${randomUUID()}@agents.test`;
      const jobId = randomUUID();
      await jobs.enqueue(SEND_EMAIL_JOB, { to, subject: 'Reset your password', text: 'Use this link.' }, { jobId });
      await expect.poll(async () => (await mailer.recent(5, to)).map((m) => m.subject)).toEqual(['Reset your password']);
      expect((await mailer.recent(5, to))[0]).toMatchObject({ id: jobId, transport: 'outbox', text: 'Use this link.' });
    } finally {
      await jobs.close();
    }
  });

  it('retries a send that the SMTP server refused, as a job', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const { port } = refusing.server.address() as AddressInfo;
    const mailer = new Mailer(pool, 'no-reply@portal.test', `smtp://127.0.0.1:${port}`);
    const jobs = new PostgresJobQueue(pool, `mail-${randomUUID()}`, 50);
    registerMailJob(jobs, mailer);
    await jobs.startWorkers(1);
    try {
      const jobId = randomUUID();
      await jobs.enqueue(SEND_EMAIL_JOB, { to: 'bo@agents.test', subject: 'Hi', text: 'x' }, { jobId, attempts: 2, backoffMs: 10 });
      await expect.poll(async () => (await jobs.get(jobId))?.status).toBe('failed');
      expect((await jobs.get(jobId))!.lastError).toContain('Mailbox unavailable');
    } finally {
      await jobs.close();
      mailer.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
