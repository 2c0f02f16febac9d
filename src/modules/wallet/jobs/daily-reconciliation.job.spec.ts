import { describe, expect, it } from 'vitest';

import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { dueTimeOf, scheduleDailyReconciliation } from './daily-reconciliation.job.js';

describe('the daily reconciliation', () => {
  it('is due at 03:00 UTC the day after the day it reconciles', () => {
    expect(dueTimeOf('2026-11-23').toISOString()).toBe('2026-11-24T03:00:00.000Z');
    expect(dueTimeOf('2026-12-31').toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });

  it('queues yesterday’s and today’s runs at start, each once by its day', async () => {
    const queued: { id: string | undefined; delayMs: number | undefined }[] = [];
    const jobs = {
      enqueue: async (_name: string, _data: unknown, options: { jobId?: string; delayMs?: number }) =>
        void queued.push({ id: options.jobId, delayMs: options.delayMs }),
    };
    await scheduleDailyReconciliation(jobs as unknown as JobQueue, new Date('2026-11-24T01:00:00Z'));
    expect(queued).toEqual([
      { id: 'reconcile-day-2026-11-23', delayMs: 2 * 3_600_000 },
      { id: 'reconcile-day-2026-11-24', delayMs: 26 * 3_600_000 },
    ]);
  });
});
