import { describe, expect, it, vi } from 'vitest';

import { WAIT_CEILING_MS } from '../../../../test/support/waiting.js';
import type { JobContext, JobHandler, JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { ReconcileDay } from '../commands/reconcile-day/reconcile-day.command.js';
import { dueTimeOf, keepReconcilingDaily, lastDueDay, registerDailyReconciliation } from './daily-reconciliation.job.js';

const NY = 'America/New_York';

describe('the daily reconciliation', () => {
  it('is due at 03:00 in the organisation’s time zone the day after the day it reconciles, also when the clocks change', () => {
    expect(dueTimeOf('2026-11-23', NY).toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(dueTimeOf('2026-12-31', NY).toISOString()).toBe('2027-01-01T08:00:00.000Z');
    expect(dueTimeOf('2026-07-04', NY).toISOString()).toBe('2026-07-05T07:00:00.000Z');
    // 03:00 on 2026-03-08 is the first hour of daylight time in New York; 2026-11-01 has two 01:00s.
    expect(dueTimeOf('2026-03-07', NY).toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(dueTimeOf('2026-10-31', NY).toISOString()).toBe('2026-11-01T08:00:00.000Z');
    expect(lastDueDay(new Date('2026-11-24T07:59:59Z'), NY)).toBe('2026-11-22');
    expect(lastDueDay(new Date('2026-11-24T08:00:00Z'), NY)).toBe('2026-11-23');
    // 02:00 UTC on the 25th is still the 24th in New York, before that day's run: the 22nd's was the last due.
    expect(lastDueDay(new Date('2026-11-24T02:00:00Z'), NY)).toBe('2026-11-22');
  });

  it('runs every day at 03:00 in the organisation’s time zone and, at start, queues the last due day once by its day', async () => {
    const every = vi.fn().mockResolvedValue(undefined);
    const enqueue = vi.fn().mockResolvedValue(undefined);
    const stop = keepReconcilingDaily({ every, enqueue } as unknown as JobQueue, NY, () => new Date('2026-11-24T06:00:00Z'));
    await vi.waitFor(() => expect(enqueue).toHaveBeenCalled(), { timeout: WAIT_CEILING_MS });
    stop();
    expect(every).toHaveBeenCalledWith('reconcile-day', '0 3 * * *', NY);
    expect(enqueue).toHaveBeenCalledWith('reconcile-day', { day: '2026-11-22' }, { jobId: 'reconcile-day-2026-11-22', attempts: 10, backoffMs: 60_000 });
  });

  it('reconciles the New York day before a scheduled run, or the day a queued run names, each once by the daily job', async () => {
    let handler!: JobHandler<{ day: string } | null>;
    const jobs = { register: (_name: string, h: typeof handler) => (handler = h) } as unknown as JobQueue;
    const execute = vi.fn().mockResolvedValue(undefined);
    registerDailyReconciliation(jobs, { execute } as never, NY);
    const job = (scheduledAt?: Date): JobContext => ({ jobId: 'j', attempt: 1, ...(scheduledAt ? { scheduledAt } : {}) });
    await handler(null, job(new Date('2026-11-24T08:00:00Z')));
    await handler({ day: '2026-11-20' }, job());
    const sent = execute.mock.calls.map(([command]) => ({ input: (command as ReconcileDay).input, actor: (command as ReconcileDay).context.actor }));
    expect(sent).toEqual([
      { input: { day: '2026-11-23', once: true }, actor: { type: 'system', id: 'daily-job' } },
      { input: { day: '2026-11-20', once: true }, actor: { type: 'system', id: 'daily-job' } },
    ]);
  });
});
