import type { EventStore } from '../../../platform/event-store/event-store.port.js';
import { newEvent, requestContext } from '../../../platform/event-store/new-event.js';

export type SecurityEventType = 'failed_login' | 'access_code_attempt' | 'unauthorized_access' | 'rate_limit_exceeded' | 'credential_access';
export type Severity = 'low' | 'medium' | 'high';

/** Severities as the product defines them. */
export const SEVERITY: Record<SecurityEventType, Severity> = {
  failed_login: 'medium',
  access_code_attempt: 'medium',
  unauthorized_access: 'high',
  credential_access: 'medium',
  rate_limit_exceeded: 'medium',
};

export type SecurityEventRecorded = {
  readonly type: 'SecurityEventRecorded';
  readonly data: {
    readonly eventType: SecurityEventType;
    readonly severity: Severity;
    readonly userId: string | null;
    readonly ipAddress: string | null;
    readonly userAgent: string | null;
    readonly details: Readonly<Record<string, unknown>>;
  };
};

export type SecuritySource = { readonly ip?: string | null; readonly userAgent?: string | null; readonly userId?: string | null; readonly requestId?: string };

/**
 * Records a security event in the event store (each its own stream: no invariant ties them).
 * Never fails the request that caused it: a recording failure is reported to `onError`.
 */
export async function recordSecurityEvent(
  store: EventStore,
  eventType: SecurityEventType,
  source: SecuritySource,
  details: Record<string, unknown> = {},
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  const event = newEvent<SecurityEventRecorded['type'], SecurityEventRecorded['data']>(
    'SecurityEventRecorded',
    {
      eventType,
      severity: SEVERITY[eventType],
      userId: source.userId ?? null,
      ipAddress: source.ip ?? null,
      userAgent: source.userAgent?.slice(0, 500) ?? null,
      details,
    },
    requestContext(source.userId ? { type: 'user', id: source.userId } : { type: 'system', id: 'security-monitor' }, source.requestId),
  );
  try {
    await store.append(`security-${event.metadata.eventId}`, [event], { expectedVersion: 'no_stream' });
  } catch (error) {
    onError(error);
  }
}
