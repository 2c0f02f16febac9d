import type { SqlClient } from '../../../platform/persistence/sql.js';
import { leadNames } from '../../marketplace/contracts/lead-directory.js';

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'held', 'skipped'] as const;

/** A delivery as the log shows it. */
export type DeliveryLogRow = {
  deliveryId: string;
  integrationId: string;
  provider: string;
  integrationName: string | null;
  leadId: string | null;
  leadName: string | null;
  isTest: boolean;
  /** `succeeded` once the lead reached the receiver; a later resend that fails does not take that back. */
  status: (typeof DELIVERY_STATUSES)[number];
  attempts: number;
  /** The latest attempt's answer. */
  lastStatus: number | null;
  lastError: string | null;
  /**
   * The latest attempt was a resend the agent asked for, and it failed: on a delivered lead
   * the status stays `succeeded` (with `succeededAt`) and this, with lastStatus and lastError,
   * says what the resend got.
   */
  lastResendFailed: boolean;
  nextAttemptAt: Date | null;
  createdAt: Date;
  succeededAt: Date | null;
  source: string;
  campaignName: string | null;
};

/** The log's columns; the caller adds WHERE (always the signed-in agent's `d.user_id`) and ORDER BY. */
export const DELIVERY_LOG_SELECT = `
  SELECT d.delivery_id AS "deliveryId", d.integration_id AS "integrationId", c.provider, c.settings->>'name' AS "integrationName",
         d.lead_id AS "leadId", CASE WHEN d.is_test THEN 'Sample Lead (test)' END AS "leadName",
         d.is_test AS "isTest", d.status, d.attempts, d.last_status AS "lastStatus", d.last_error AS "lastError",
         coalesce((SELECT a.trigger = 'manual' AND NOT a.ok FROM delivery_attempts a WHERE a.delivery_id = d.delivery_id ORDER BY a.attempt DESC LIMIT 1), false) AS "lastResendFailed",
         d.next_attempt_at AS "nextAttemptAt", d.created_at AS "createdAt", d.succeeded_at AS "succeededAt", d.purchase->>'source' AS source, d.purchase->>'campaignName' AS "campaignName"
    FROM lead_deliveries d JOIN integration_configs c ON c.integration_id = d.integration_id`;

/** One of the agent's deliveries, or null (another agent's is null too). */
export async function deliveryOf(db: SqlClient, userId: string, deliveryId: string): Promise<DeliveryLogRow | null> {
  const { rows } = await db.query<DeliveryLogRow>(`${DELIVERY_LOG_SELECT} WHERE d.user_id = $1 AND d.delivery_id = $2`, [userId, deliveryId]);
  return rows[0] ? (await withLeadNames(db, [rows[0]]))[0]! : null;
}

/** One try at a delivery, newest first in a delivery's list. */
export type DeliveryAttempt = {
  attempt: number;
  trigger: string;
  startedAt: Date;
  durationMs: number;
  status: number | null;
  ok: boolean;
  error: string | null;
  responsePreview: string;
};

/** A delivery whose `attempts` lists each try rather than counting them. */
export type DeliveryWithAttempts = Omit<DeliveryLogRow, 'attempts'> & { attempts: DeliveryAttempt[] };

const ATTEMPTS_SELECT = `SELECT delivery_id AS "deliveryId", attempt, trigger, started_at AS "startedAt", duration_ms AS "durationMs", status, ok, error,
         response_preview AS "responsePreview"
    FROM delivery_attempts`;

/** One of the agent's deliveries with every attempt (time, trigger, status, duration, the answer's first 2 KB), or null. */
export async function deliveryWithAttempts(db: SqlClient, userId: string, deliveryId: string): Promise<DeliveryWithAttempts | null> {
  const delivery = await deliveryOf(db, userId, deliveryId);
  if (!delivery) return null;
  const { rows } = await db.query<DeliveryAttempt & { deliveryId: string }>(`${ATTEMPTS_SELECT} WHERE delivery_id = $1 ORDER BY attempt DESC`, [deliveryId]);
  return { ...delivery, attempts: rows.map(({ deliveryId: _, ...attempt }) => attempt) };
}

/** Every delivery of one of the agent's leads (one per integration it went to), newest first, each with its attempts. */
export async function leadDeliveries(db: SqlClient, userId: string, leadId: string): Promise<DeliveryWithAttempts[]> {
  const { rows } = await db.query<DeliveryLogRow>(
    `${DELIVERY_LOG_SELECT} WHERE d.user_id = $1 AND d.lead_id = $2 AND NOT d.is_test ORDER BY d.created_at DESC`,
    [userId, leadId],
  );
  if (rows.length === 0) return [];
  const { rows: attempts } = await db.query<DeliveryAttempt & { deliveryId: string }>(
    `${ATTEMPTS_SELECT} WHERE delivery_id = ANY($1::uuid[]) ORDER BY attempt DESC`,
    [rows.map((row) => row.deliveryId)],
  );
  const named = await withLeadNames(db, rows);
  return named.map((row) => ({
    ...row,
    attempts: attempts.filter((a) => a.deliveryId === row.deliveryId).map(({ deliveryId: _, ...attempt }) => attempt),
  }));
}

/** The rows with their leads' names (read in one query from marketplace's leads), beside the sample lead's name of a test send. */
export async function withLeadNames(db: SqlClient, rows: DeliveryLogRow[]): Promise<DeliveryLogRow[]> {
  const names = await leadNames(
    db,
    rows.filter((row) => !row.isTest && row.leadId !== null).map((row) => row.leadId!),
  );
  for (const row of rows) if (!row.isTest) row.leadName = row.leadId === null ? null : (names.get(row.leadId) ?? null);
  return rows;
}
