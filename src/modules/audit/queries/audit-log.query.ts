import { ApiError } from '../../../platform/http/api-error.js';
import type { SqlClient } from '../../../platform/persistence/sql.js';
import { userIdByEmail, userLabels, type UserLabel } from '../../identity/contracts/user-directory.js';
import { redact, summarize, userIdsIn } from '../domain/event-summary.js';

export type AuditFilters = {
  readonly actor?: string;
  readonly type?: string;
  readonly stream?: string;
  readonly streamType?: string;
  readonly from?: string;
  readonly to?: string;
};

export type AuditActor = { readonly type: string; readonly id: string; readonly email: string | null; readonly displayName: string | null };

export type AuditRow = {
  readonly eventId: string;
  readonly occurredAt: string;
  readonly actor: AuditActor;
  readonly eventType: string;
  readonly streamId: string;
  readonly streamType: string;
  readonly streamVersion: string;
  readonly correlationId: string;
  readonly causationId: string | null;
  readonly summary: string;
};

type DbRow = {
  event_id: string;
  occurred_at: Date;
  cursor_time: string;
  actor_type: string;
  actor_id: string;
  event_type: string;
  stream_id: string;
  stream_type: string;
  stream_version: string;
  correlation_id: string;
  causation_id: string | null;
  recorded_at: Date;
  commit_position: string;
  prepare_position: string;
  data: unknown;
};

const COLUMNS = `event_id, occurred_at, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time,
  actor_type, actor_id, event_type, stream_id, stream_type, stream_version::text, correlation_id, causation_id,
  recorded_at, commit_position::text, prepare_position::text, data`;

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f-]{36})$/;
const encodeCursor = (row: DbRow) => Buffer.from(`${row.cursor_time}|${row.event_id}`).toString('base64url');

function decodeCursor(cursor: string): [string, string] {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match)
    throw new ApiError(400, 'BAD_CURSOR', 'This page of the audit log cannot be found; start again from the first page.', [
      { field: 'cursor', message: 'Not a page of the audit log' },
    ]);
  return [match[1]!, match[2]!];
}

async function toRows(db: SqlClient, rows: readonly DbRow[]): Promise<AuditRow[]> {
  const users = await userLabels(
    db,
    rows.flatMap((row) => [row.actor_type === 'user' ? row.actor_id : null, ...userIdsIn(row.data)]),
  );
  const emailOf = (id: string) => users.get(id)?.email;
  return rows.map((row) => ({
    eventId: row.event_id,
    occurredAt: row.occurred_at.toISOString(),
    actor: actorOf(row, users),
    eventType: row.event_type,
    streamId: row.stream_id,
    streamType: row.stream_type,
    streamVersion: row.stream_version,
    correlationId: row.correlation_id,
    causationId: row.causation_id,
    summary: summarize(row.event_type, row.data, emailOf),
  }));
}

function actorOf(row: DbRow, users: Map<string, UserLabel>): AuditActor {
  const user = row.actor_type === 'user' ? users.get(row.actor_id) : undefined;
  return { type: row.actor_type, id: row.actor_id, email: user?.email ?? null, displayName: user?.displayName ?? null };
}

/** The filters as stored: the actor is an actor id here. */
export type ResolvedAuditFilters = Omit<AuditFilters, 'actor'> & { readonly actorId?: string };

/**
 * The SQL of one page, newest first. Each filter has an index that starts with it and goes
 * on with (occurred_at, event_id), so a page is one range scan from the cursor: no OFFSET,
 * no count, however many millions of rows there are.
 */
export function auditPageQuery(filters: ResolvedAuditFilters, limit: number, cursor?: string): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const where = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filters.actorId) where((p) => `actor_id = ${p}`, filters.actorId);
  if (filters.type) where((p) => `event_type = ${p}`, filters.type);
  if (filters.stream) where((p) => `stream_id = ${p}`, filters.stream);
  if (filters.streamType) where((p) => `stream_type = ${p}`, filters.streamType);
  if (filters.from) where((p) => `occurred_at >= ${p}::timestamptz`, filters.from);
  if (filters.to) where((p) => `occurred_at < ${p}::timestamptz`, filters.to);
  if (cursor) {
    const [time, eventId] = decodeCursor(cursor);
    params.push(time, eventId);
    conditions.push(`(occurred_at, event_id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
  }
  params.push(limit + 1);
  return {
    sql: `SELECT ${COLUMNS} FROM rm_audit_log ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
           ORDER BY occurred_at DESC, event_id DESC LIMIT $${params.length}`,
    params,
  };
}

/** One page of the audit log and the cursor of the next (null on the last page). */
export async function auditLogPage(
  db: SqlClient,
  filters: AuditFilters,
  limit: number,
  cursor?: string,
): Promise<{ events: AuditRow[]; nextCursor: string | null }> {
  const { actor, ...rest } = filters;
  const actorId = actor ? (actor.includes('@') ? await userIdByEmail(db, actor) : actor) : undefined;
  if (actorId === null) return { events: [], nextCursor: null };
  const { sql, params } = auditPageQuery({ ...rest, actorId }, limit, cursor);
  const { rows } = await db.query<DbRow>(sql, params);
  const page = rows.slice(0, limit);
  return { events: await toRows(db, page), nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null };
}

/** Events kept in one correlation chain view; a chain longer than this is cut, and says so. */
const CHAIN_LIMIT = 200;

/** One event with its full (redacted) data and metadata, and the events of its correlation chain in order. */
export async function auditEventDetail(db: SqlClient, eventId: string) {
  const { rows } = await db.query<DbRow>(`SELECT ${COLUMNS} FROM rm_audit_log WHERE event_id = $1`, [eventId]);
  const row = rows[0];
  if (!row) throw new ApiError(404, 'NOT_FOUND', 'No such event in the audit log.');
  const chain = await db.query<DbRow>(
    `SELECT ${COLUMNS} FROM rm_audit_log WHERE correlation_id = $1 ORDER BY occurred_at, commit_position, prepare_position LIMIT ${CHAIN_LIMIT + 1}`,
    [row.correlation_id],
  );
  const [event] = await toRows(db, [row]);
  return {
    event: {
      ...event!,
      data: redact(row.data),
      metadata: {
        eventId: row.event_id,
        occurredAt: row.occurred_at.toISOString(),
        actor: { type: row.actor_type, id: row.actor_id },
        correlationId: row.correlation_id,
        causationId: row.causation_id,
      },
      recordedAt: row.recorded_at.toISOString(),
      position: { commit: row.commit_position, prepare: row.prepare_position },
    },
    chain: await toRows(db, chain.rows.slice(0, CHAIN_LIMIT)),
    chainTruncated: chain.rows.length > CHAIN_LIMIT,
  };
}

/**
 * The event types and stream types in the log, for the filters: a skip scan over their
 * indexes (one index probe per distinct value), not a DISTINCT over every row.
 */
export async function auditFacets(db: SqlClient): Promise<{ eventTypes: string[]; streamTypes: string[] }> {
  const distinct = async (column: 'event_type' | 'stream_type') =>
    (
      await db.query<{ value: string }>(
        `WITH RECURSIVE v AS (
           (SELECT ${column} AS value FROM rm_audit_log ORDER BY ${column} LIMIT 1)
           UNION ALL
           SELECT (SELECT ${column} FROM rm_audit_log WHERE ${column} > v.value ORDER BY ${column} LIMIT 1) FROM v WHERE v.value IS NOT NULL
         ) SELECT value FROM v WHERE value IS NOT NULL`,
      )
    ).rows.map((r) => r.value);
  return { eventTypes: await distinct('event_type'), streamTypes: await distinct('stream_type') };
}
