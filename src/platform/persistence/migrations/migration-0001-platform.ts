import { Migration } from '@mikro-orm/migrations';

/** Event store, subscriber checkpoints, the durable job table and the mail outbox. */
export class Migration0001Platform extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE es_streams (
        stream_id text PRIMARY KEY,
        stream_version bigint NOT NULL CHECK (stream_version > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE es_events (
        global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        stream_id text NOT NULL,
        stream_version bigint NOT NULL,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT es_events_stream_version_key UNIQUE (stream_id, stream_version),
        CONSTRAINT es_events_event_id_key UNIQUE (event_id)
      )`);
    this.addSql(`CREATE INDEX es_events_all_order ON es_events (transaction_id, global_position)`);
    this.addSql(`CREATE INDEX es_events_type ON es_events (event_type)`);
    // One round trip per batch. Optimistic concurrency is the conditional update of the
    // stream row: concurrent writers on one expected version queue on that row, and all
    // but the first find the version moved and get 'conflict'.
    this.addSql(`
      CREATE FUNCTION es_append(p_stream_id text, p_expected text, p_events jsonb)
      RETURNS TABLE (outcome text, stream_version bigint, first_position bigint, commit_position xid8)
      LANGUAGE plpgsql AS $fn$
      DECLARE
        v_count int := jsonb_array_length(p_events);
        v_new bigint;
        v_matching int;
      BEGIN
        IF EXISTS (SELECT 1 FROM es_events e WHERE e.event_id = (p_events->0->>'event_id')::uuid) THEN
          SELECT count(*) INTO v_matching
            FROM es_events e
            JOIN jsonb_array_elements(p_events) j(ev) ON e.event_id = (j.ev->>'event_id')::uuid
           WHERE e.stream_id = p_stream_id;
          RETURN QUERY
            SELECT CASE WHEN v_matching = v_count THEN 'duplicate' ELSE 'event_id_taken' END,
                   (SELECT max(e.stream_version) FROM es_events e
                     JOIN jsonb_array_elements(p_events) j(ev) ON e.event_id = (j.ev->>'event_id')::uuid
                    WHERE e.stream_id = p_stream_id),
                   (SELECT min(e.global_position) FROM es_events e
                     JOIN jsonb_array_elements(p_events) j(ev) ON e.event_id = (j.ev->>'event_id')::uuid
                    WHERE e.stream_id = p_stream_id),
                   NULL::xid8;
          RETURN;
        END IF;

        IF p_expected = 'any' THEN
          INSERT INTO es_streams AS s (stream_id, stream_version) VALUES (p_stream_id, v_count)
          ON CONFLICT (stream_id) DO UPDATE SET stream_version = s.stream_version + v_count, updated_at = now()
          RETURNING s.stream_version INTO v_new;
        ELSIF p_expected = 'no_stream' OR p_expected = '0' THEN
          INSERT INTO es_streams AS s (stream_id, stream_version) VALUES (p_stream_id, v_count)
          ON CONFLICT (stream_id) DO NOTHING
          RETURNING s.stream_version INTO v_new;
        ELSIF p_expected = 'stream_exists' THEN
          UPDATE es_streams s SET stream_version = s.stream_version + v_count, updated_at = now()
           WHERE s.stream_id = p_stream_id
          RETURNING s.stream_version INTO v_new;
        ELSE
          UPDATE es_streams s SET stream_version = s.stream_version + v_count, updated_at = now()
           WHERE s.stream_id = p_stream_id AND s.stream_version = p_expected::bigint
          RETURNING s.stream_version INTO v_new;
        END IF;

        IF v_new IS NULL THEN
          RETURN QUERY SELECT 'conflict',
            coalesce((SELECT s.stream_version FROM es_streams s WHERE s.stream_id = p_stream_id), 0::bigint),
            NULL::bigint, NULL::xid8;
          RETURN;
        END IF;

        RETURN QUERY
        WITH inserted AS (
          INSERT INTO es_events (stream_id, stream_version, event_id, event_type, data, metadata)
          SELECT p_stream_id, v_new - v_count + j.ord, (j.ev->>'event_id')::uuid, j.ev->>'type', j.ev->'data', j.ev->'metadata'
            FROM jsonb_array_elements(p_events) WITH ORDINALITY AS j(ev, ord)
           ORDER BY j.ord
          RETURNING global_position
        )
        SELECT 'ok', v_new, min(global_position), pg_current_xact_id() FROM inserted;
      END
      $fn$`);
    this.addSql(`
      CREATE TABLE es_checkpoints (
        subscriber text PRIMARY KEY,
        commit_position numeric(20, 0) NOT NULL,
        prepare_position numeric(20, 0) NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE jobs (
        id text PRIMARY KEY,
        queue text NOT NULL,
        name text NOT NULL,
        data jsonb NOT NULL,
        status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'active', 'completed', 'failed')),
        attempts int NOT NULL DEFAULT 0,
        max_attempts int NOT NULL,
        backoff_ms int NOT NULL,
        run_at timestamptz NOT NULL DEFAULT now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    this.addSql(`CREATE INDEX jobs_due ON jobs (queue, run_at) WHERE status = 'waiting'`);
    this.addSql(`
      CREATE TABLE mail_messages (
        id text PRIMARY KEY,
        to_address text NOT NULL,
        subject text NOT NULL,
        text_body text NOT NULL,
        html_body text,
        transport text NOT NULL CHECK (transport IN ('outbox', 'smtp')),
        provider_message_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX mail_messages_recent ON mail_messages (created_at DESC)`);
  }
}
