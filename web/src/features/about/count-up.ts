/** The shown value `elapsedMs` into a count from 0 to `target`: fast at first, easing into the target. */
export function countUpValue(target: number, elapsedMs: number, durationMs: number): number {
  const progress = Math.min(1, Math.max(0, elapsedMs / durationMs));
  return Math.round(target * (1 - (1 - progress) ** 3));
}

/** Counts from 0 to `target` over `durationMs`, one value per animation frame; returns a stop function. */
export function countUp(target: number, durationMs: number, onValue: (value: number) => void): () => void {
  const start = performance.now();
  let frame = 0;
  const step = (now: number) => {
    const elapsed = now - start;
    onValue(countUpValue(target, elapsed, durationMs));
    if (elapsed < durationMs) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
