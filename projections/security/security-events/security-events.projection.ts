import type { SecurityEventRecorded } from '../../../src/modules/security/contracts/security-events.js';
import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection } from '../../../src/platform/projections/projection.js';

/** Security events, newest first, for the admin Security page. */
export const securityEventsProjection: Projection = {
  name: 'security-events',
  eventTypes: ['SecurityEventRecorded'],

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_security_events');
  },

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    const rows = events as unknown as (RecordedEvent & SecurityEventRecorded)[];
    await tx.query(
      `INSERT INTO rm_security_events (event_id, event_type, severity, user_id, ip_address, user_agent, details, created_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::timestamptz[])`,
      [
        rows.map((e) => e.metadata.eventId),
        rows.map((e) => e.data.eventType),
        rows.map((e) => e.data.severity),
        rows.map((e) => e.data.userId),
        rows.map((e) => e.data.ipAddress),
        rows.map((e) => e.data.userAgent),
        rows.map((e) => JSON.stringify(e.data.details)),
        rows.map((e) => e.metadata.occurredAt),
      ],
    );
  },
};
