/**
 * When each attempt of a delivery is made (config `delivery.retryDelaysMs`, Svix's schedule by
 * default): attempt n (from 1) waits `delaysMs[n - 1]` after the failure before it; after the
 * last one a failing delivery is failed for good.
 */
export function delayBefore(delaysMs: readonly number[], next: number): number | null {
  return next >= 1 && next <= delaysMs.length ? delaysMs[next - 1]! : null;
}
