import type { RecordedEvent } from '../../../src/platform/event-store/event-store.port.js';
import type { SqlClient } from '../../../src/platform/persistence/sql.js';
import type { Projection } from '../../../src/platform/projections/projection.js';

/** Every event, one row each, with actor, correlation and data: what admins and finance audit. */
export const auditLogProjection: Projection = {
  name: 'audit-log',
  eventTypes: '*',

  async reset(tx: SqlClient) {
    await tx.query('TRUNCATE rm_audit_log');
  },
  // Six secondary indexes: built once at the end of a rebuild rather than row by row through it.
  rebuildTables: ['rm_audit_log'],

  async apply(events: readonly RecordedEvent[], tx: SqlClient) {
    // One statement per batch: column arrays unnested into rows.
    await tx.query(
      `INSERT INTO rm_audit_log (event_id, stream_id, stream_type, stream_version, event_type, actor_type, actor_id,
                                 correlation_id, causation_id, occurred_at, recorded_at, commit_position, prepare_position, data)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], $7::text[],
                            $8::text[], $9::text[], $10::timestamptz[], $11::timestamptz[], $12::numeric[], $13::numeric[], $14::jsonb[])`,
      [
        events.map((e) => e.metadata.eventId),
        events.map((e) => e.streamId),
        events.map((e) => streamType(e.streamId)),
        events.map((e) => e.streamVersion.toString()),
        events.map((e) => e.type),
        events.map((e) => e.metadata.actor.type),
        events.map((e) => e.metadata.actor.id),
        events.map((e) => e.metadata.correlationId),
        events.map((e) => e.metadata.causationId),
        events.map((e) => e.metadata.occurredAt),
        events.map((e) => e.recordedAt),
        events.map((e) => e.position.commit.toString()),
        events.map((e) => e.position.prepare.toString()),
        events.map((e) => JSON.stringify(e.data ?? null)),
      ],
    );
    // Each user's own activity feed changed.
    const actors = new Set(events.filter((e) => e.metadata.actor.type === 'user').map((e) => e.metadata.actor.id));
    return [...actors].map((userId) => ({ userId, topic: 'activity' }));
  },
};

/** `wallet-123` → `wallet`: streams are named `<type>-<id>`. */
export function streamType(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}
