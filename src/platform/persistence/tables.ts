/** The platform's own tables: the event store, jobs, mail, the outbox, rate limits, idempotency keys, snapshots and the indexes a rebuild deferred. */
export const PLATFORM_TABLES = [
  'es_streams',
  'es_events',
  'es_checkpoints',
  'jobs',
  'mail_messages',
  'outbox_events',
  'rate_limit_counters',
  'idempotency_keys',
  'stream_snapshots',
  'projection_deferred_indexes',
  'schema_migrations',
] as const;
