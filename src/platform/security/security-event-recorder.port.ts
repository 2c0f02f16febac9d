/**
 * The platform's way to report a security event without knowing the module that records
 * them: the security module provides this port under SECURITY_EVENT_RECORDER.
 */
export const SECURITY_EVENT_RECORDER = Symbol('SECURITY_EVENT_RECORDER');

/** The security events the platform itself notices (refusals, rate limits, credential reads). */
export type PlatformSecurityEventType = 'unauthorized_access' | 'rate_limit_exceeded' | 'credential_access';

export type SecurityEventSource = {
  readonly ip?: string | null;
  readonly userAgent?: string | null;
  readonly userId?: string | null;
  readonly requestId?: string;
};

export type SecurityEventRecorder = {
  /** Never rejects: a recording failure is logged, and the request that caused it goes on. */
  record(eventType: PlatformSecurityEventType, source: SecurityEventSource, details: Readonly<Record<string, unknown>>): Promise<void>;
};

const recordedRefusals = new WeakSet<object>();

/**
 * Marks a refusal whose own security event the refusing code has already recorded (a sign-in
 * to an unconfirmed account is a failed_login), so the error filter records no second one.
 */
export function recordedRefusal<E extends Error>(error: E): E {
  recordedRefusals.add(error);
  return error;
}

export const isRecordedRefusal = (error: unknown): boolean => typeof error === 'object' && error !== null && recordedRefusals.has(error);
