import { Logger } from '@nestjs/common';

import type { EventStore } from '../../platform/event-store/event-store.port.js';
import type { SecurityEventRecorder } from '../../platform/security/security-event-recorder.port.js';
import { recordSecurityEvent } from './contracts/security-events.js';

/** The platform's SecurityEventRecorder port, recording into the event store like every other security event. */
export function eventStoreSecurityEventRecorder(store: EventStore): SecurityEventRecorder {
  const logger = new Logger('security');
  return {
    record: (eventType, source, details) =>
      recordSecurityEvent(store, eventType, source, { ...details }, (error) =>
        logger.error({ err: error, requestId: source.requestId }, 'could not record a security event'),
      ),
  };
}
