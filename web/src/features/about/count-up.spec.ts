import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { countUp, countUpValue } from './count-up';

describe('the earnings counter', () => {
  it('starts at 0, eases out, and ends exactly on the target', () => {
    expect(countUpValue(167_952, 0, 2000)).toBe(0);
    expect(countUpValue(167_952, 1000, 2000)).toBe(Math.round(167_952 * 0.875));
    expect(countUpValue(167_952, 2000, 2000)).toBe(167_952);
    expect(countUpValue(167_952, 5000, 2000)).toBe(167_952);
    const values = Array.from({ length: 21 }, (_, i) => countUpValue(488_033, i * 100, 2000));
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  describe('on a fake clock', () => {
    // Node has no animation frames: a frame every 16 ms of the fake clock stands in for the browser's.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      vi.stubGlobal('requestAnimationFrame', (step: FrameRequestCallback) => setTimeout(() => step(performance.now()), 16));
      vi.stubGlobal('cancelAnimationFrame', (frame: ReturnType<typeof setTimeout>) => clearTimeout(frame));
    });
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
    });

    it('counts over two seconds, one value a frame, and then stops asking for frames', () => {
      const shown: number[] = [];
      countUp(167_952, 2000, (v) => shown.push(v));
      vi.advanceTimersByTime(1000);
      const midway = shown.at(-1)!;
      expect(midway).toBeGreaterThan(0);
      expect(midway).toBeLessThan(167_952);
      vi.advanceTimersByTime(1100);
      expect(shown.at(-1)).toBe(167_952);
      const frames = shown.length;
      vi.advanceTimersByTime(1000);
      expect(shown).toHaveLength(frames);
    });

    it('shows nothing more once stopped (the page was left)', () => {
      const shown: number[] = [];
      const stop = countUp(488_033, 2000, (v) => shown.push(v));
      vi.advanceTimersByTime(500);
      stop();
      const before = shown.length;
      vi.advanceTimersByTime(3000);
      expect(shown).toHaveLength(before);
      expect(shown.at(-1)).toBeLessThan(488_033);
    });
  });
});
