import { describe, expect, it, vi } from 'vitest';

import type { JobQueue } from './job-queue.port.js';
import { keepScheduled } from './keep-scheduled.js';

describe('keepScheduled', () => {
  it('tries again while the queue is unreachable, and stops trying once stopped', async () => {
    vi.useFakeTimers();
    try {
      const every = vi.fn().mockRejectedValueOnce(new Error('Redis is away')).mockRejectedValueOnce(new Error('Redis is away')).mockResolvedValue(undefined);
      keepScheduled({ every } as unknown as JobQueue, 'sweep', { everyMs: 1_000 }, { retryMs: 60_000 });
      await vi.advanceTimersByTimeAsync(0);
      expect(every).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(every).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(every).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(600_000);
      expect(every).toHaveBeenCalledTimes(3);
      expect(every).toHaveBeenCalledWith('sweep', { everyMs: 1_000 }, 'UTC');

      const failing = vi.fn().mockRejectedValue(new Error('Redis is away'));
      const stop = keepScheduled({ every: failing } as unknown as JobQueue, 'sweep', '0 3 * * *');
      await vi.advanceTimersByTimeAsync(0);
      stop();
      await vi.advanceTimersByTimeAsync(600_000);
      expect(failing).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs what goes with the schedule at start once it is set, and retries both until they succeed', async () => {
    vi.useFakeTimers();
    try {
      const every = vi.fn().mockResolvedValue(undefined);
      const catchUp = vi.fn().mockRejectedValueOnce(new Error('Redis went away')).mockResolvedValue(undefined);
      keepScheduled({ every } as unknown as JobQueue, 'reconcile-day', '0 3 * * *', { thenAtStart: catchUp });
      await vi.advanceTimersByTimeAsync(0);
      expect([every.mock.calls.length, catchUp.mock.calls.length]).toEqual([1, 1]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect([every.mock.calls.length, catchUp.mock.calls.length]).toEqual([2, 2]);
      await vi.advanceTimersByTimeAsync(600_000);
      expect([every.mock.calls.length, catchUp.mock.calls.length]).toEqual([2, 2]);
    } finally {
      vi.useRealTimers();
    }
  });
});
