import type { SecurityEventType } from '../contracts/security-events.js';

export type Threshold = { readonly count: number; readonly windowMinutes: number };

/** Crossing one raises a high-severity alert for that user or address and clears its window. */
export const ALERT_THRESHOLDS: Partial<Record<SecurityEventType, Threshold>> = {
  failed_login: { count: 5, windowMinutes: 5 },
  access_code_attempt: { count: 3, windowMinutes: 10 },
  unauthorized_access: { count: 3, windowMinutes: 5 },
  rate_limit_exceeded: { count: 1, windowMinutes: 1 },
};
