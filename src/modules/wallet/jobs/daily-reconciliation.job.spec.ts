import { describe, expect, it, vi } from 'vitest';

import type { JobContext, JobHandler, JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { ReconcileDay } from '../commands/reconcile-day/reconcile-day.command.js';
import { dueTimeOf, keepReconcilingDaily, lastDueDay, registerDailyReconciliation } from './daily-reconciliation.job.js';

describe('the daily reconciliation', () => {
  it('is due at 03:00 UTC the day after the day it reconciles', () => {
    expect(dueTimeOf('2026-11-23').toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(dueTimeOf('2026-12-31').toISOString()).toBe('2027-01-01T03:00:00.000Z');
    expect(lastDueDay(new Date('2026-11-24T02:59:59Z'))).toBe('2026-11-22');
    expect(lastDueDay(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
  });

  it('runs every day at 03:00 UTC and, at start, queues the last due day once by its day', async () => {
    const every = vi.fn().mockResolvedValue(undefined);
    const enqueue = vi.fn().mockResolvedValue(undefined);
    const stop = keepReconcilingDaily({ every, enqueue } as unknown as JobQueue, () => new Date('2026-11-24T01:00:00Z'));
    await vi.waitFor(() => expect(enqueue).toHaveBeenCalled());
    stop();
    expect(every).toHaveBeenCalledWith('reconcile-day', '0 3 * * *', 'UTC');
    expect(enqueue).toHaveBeenCalledWith('reconcile-day', { day: '2026-11-22' }, { jobId: 'reconcile-day-2026-11-22', attempts: 10, backoffMs: 60_000 });
  });

  it('reconciles the day before a scheduled run, or the day a queued run names, each once by the daily job', async () => {
    let handler!: JobHandler<{ day: string } | null>;
    const jobs = { register: (_name: string, h: typeof handler) => (handler = h) } as unknown as JobQueue;
    const execute = vi.fn().mockResolvedValue(undefined);
    registerDailyReconciliation(jobs, { execute } as never);
    const job = (scheduledAt?: Date): JobContext => ({ jobId: 'j', attempt: 1, ...(scheduledAt ? { scheduledAt } : {}) });
    await handler(null, job(new Date('2026-11-24T03:00:00Z')));
    await handler({ day: '2026-11-20' }, job());
    const sent = execute.mock.calls.map(([command]) => ({ input: (command as ReconcileDay).input, actor: (command as ReconcileDay).context.actor }));
    expect(sent).toEqual([
      { input: { day: '2026-11-23', once: true }, actor: { type: 'system', id: 'daily-job' } },
      { input: { day: '2026-11-20', once: true }, actor: { type: 'system', id: 'daily-job' } },
    ]);
  });
});
