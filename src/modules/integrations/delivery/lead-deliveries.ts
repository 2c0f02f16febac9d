import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import type pg from 'pg';

import { DomainError } from '../../../platform/domain/domain-error.js';
import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import { systemContext } from '../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { escapeHtml } from '../../../platform/mail/escape-html.js';
import { durationWords, withMailTimes } from '../../../platform/mail/mail-formats.js';
import { SEND_EMAIL_JOB, type MailMessage } from '../../../platform/mail/mailer.js';
import { inTransaction, type SqlClient } from '../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../platform/realtime/realtime-hub.js';
import type { SecretCipher } from '../../../platform/secrets/secret-cipher.js';
import { userLabels } from '../../identity/contracts/user-directory.js';
import { integrationEvent, integrationStream, type IntegrationProvider } from '../contracts/integration-events.js';
import { PROVIDERS } from '../domain/providers.js';
import { ArrivalNotReadable, arrivalsOf, type Arrival } from './arrivals.js';
import { deliverableLeadOf, LEAD_COLUMNS, sampleLead, type LeadRow, type Purchase } from './deliverable-lead.js';
import { destinationsOf, routes, type Destinations } from './destinations.js';
import { integrationTarget, openTarget, type SealedSecretRow } from './integration-target.js';
import type { DeliverableLead, IntegrationTarget, LeadSender, SendOutcome } from './lead-sender.js';
import { delayBefore } from './retry-schedule.js';

export const SEND_DELIVERY_JOB = 'send-lead-delivery';
/** The realtime topic of the integration pages (status, delivery log). */
export const INTEGRATIONS_TOPIC = 'integrations';

/** Why an attempt was made: on the schedule, the agent's resend, a test-send, or a replay after turning the integration back on. */
export type AttemptTrigger = 'automatic' | 'manual' | 'test' | 'replay';
export type SendDeliveryJob = { readonly deliveryId: string; readonly attempt: number; readonly trigger: AttemptTrigger };

export type DeliverySettings = { readonly retryDelaysMs: readonly number[]; readonly disableAfterMs: number; readonly publicUrl: string };

type IntegrationRow = {
  integration_id: string;
  user_id: string;
  provider: IntegrationProvider;
  settings: Record<string, unknown>;
  is_active: boolean;
  disabled_at: Date | null;
  destinations: unknown;
};

/** A lead delivery as the log shows it. */
export type AttemptResult = { readonly deliveryId: string; readonly attempt: number; readonly outcome: SendOutcome };

const ANSWER_PREVIEW_CHARS = 2_048;
/** An arrival of at most this many deliveries sends their first attempts in the planning job itself (one job per lead instead of two). */
const INLINE_FIRST_ATTEMPTS = 8;

type ClaimedRow = IntegrationRow &
  LeadRow & {
    status: string;
    lead_id: string;
    purchase: Purchase;
    final_attempt: boolean;
    succeeded_at: Date | null;
    failing_since: Date | null;
    sealed: SealedSecretRow[];
  };
/** An agent may resend at most this many failed deliveries at once (the rest on the next click). */
export const RESEND_BATCH = 1_000;

/**
 * Lead delivery: every lead that reaches an agent becomes one delivery per
 * matching integration (unique by lead and integration), sent by jobs on Svix's schedule;
 * every attempt is logged; an integration failing for a day (DELIVERY_DISABLE_AFTER_SECONDS) is turned off and its owner
 * e-mailed, and the leads it misses meanwhile are held for a replay.
 */
export class LeadDeliveries {
  constructor(
    private readonly pool: pg.Pool,
    private readonly jobs: JobQueue,
    private readonly cipher: SecretCipher,
    private readonly realtime: RealtimeHub,
    private readonly senders: ReadonlyMap<string, LeadSender>,
    private readonly settings: DeliverySettings,
  ) {}

  /**
   * From stored arrival events: one delivery per (lead, matching integration), then their
   * first attempts, all of them in a few statements. Safe to run again. An event whose lead
   * is not readable yet fails the job after the others are planned (its retry plans the rest).
   */
  async plan(events: readonly JsonEvent[]): Promise<number> {
    const results = await arrivalsOf(events, this.pool);
    const arrivals = results.filter((r): r is Arrival => r !== null && !(r instanceof ArrivalNotReadable) && r.leadIds.length > 0);
    const planned = arrivals.length > 0 ? await this.planArrivals(arrivals) : 0;
    const notReadable = results.find((r) => r instanceof ArrivalNotReadable);
    if (notReadable) throw notReadable;
    return planned;
  }

  private async planArrivals(arrivals: readonly Arrival[]): Promise<number> {
    const recipients = [...new Set(arrivals.map((a) => a.recipientId))];
    const { rows: integrations } = await this.pool.query<IntegrationRow>(
      `SELECT integration_id, user_id, provider, settings, is_active, disabled_at, destinations FROM integration_configs WHERE user_id = ANY($1::uuid[]) AND (is_active OR disabled_at IS NOT NULL)`,
      [recipients],
    );
    const planned = new Map<string, { id: string; integrationId: string; leadId: string; status: string; userId: string; purchase: string; inline: boolean }>();
    for (const arrival of arrivals) {
      const targets = integrations.filter(
        (row) => row.user_id === arrival.recipientId && this.receivesLeads(row) && routes(destinationsOf(row.destinations), arrival),
      );
      const purchase: Purchase = {
        source: arrival.source,
        campaignId: arrival.campaignId,
        campaignName: arrival.campaignName,
        priceCents: arrival.priceCents,
        boughtAt: arrival.boughtAt,
      };
      // A lead or two (a campaign's sale, an assignment) is sent at once, in this job; an order's many leads each get a job.
      const inline = targets.length * arrival.leadIds.length <= INLINE_FIRST_ATTEMPTS;
      for (const target of targets) {
        for (const leadId of arrival.leadIds) {
          const key = `${leadId}|${target.integration_id}`;
          if (planned.has(key)) continue;
          planned.set(key, {
            id: randomUUID(),
            integrationId: target.integration_id,
            leadId,
            status: target.is_active ? 'pending' : 'held',
            userId: arrival.recipientId,
            purchase: JSON.stringify(purchase),
            inline,
          });
        }
      }
    }
    if (planned.size === 0) return 0;
    const rows = [...planned.values()];
    // The new ones, and those an earlier run of this job inserted but did not get to send.
    const { rows: due } = await this.pool.query<{ delivery_id: string; lead_id: string; integration_id: string }>(
      `WITH inserted AS (
         INSERT INTO lead_deliveries (delivery_id, integration_id, user_id, lead_id, purchase, status, last_error)
         SELECT d.id, d.integration_id, d.user_id, d.lead_id, d.purchase::jsonb, d.status, CASE WHEN d.status = 'held' THEN 'Held: the integration was turned off' END
           FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::uuid[], $6::text[]) AS d(id, integration_id, lead_id, status, user_id, purchase)
         ON CONFLICT (lead_id, integration_id) WHERE NOT is_test DO NOTHING
         RETURNING delivery_id, lead_id, integration_id, status)
       SELECT delivery_id, lead_id, integration_id FROM inserted WHERE status = 'pending'
       UNION
       SELECT delivery_id, lead_id, integration_id FROM lead_deliveries WHERE integration_id = ANY($2::uuid[]) AND lead_id = ANY($3::uuid[]) AND status = 'pending' AND attempts = 0 AND NOT is_test`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.integrationId),
        rows.map((r) => r.leadId),
        rows.map((r) => r.status),
        rows.map((r) => r.userId),
        rows.map((r) => r.purchase),
      ],
    );
    const now: SendDeliveryJob[] = [];
    for (const row of due) {
      const wanted = planned.get(`${row.lead_id}|${row.integration_id}`);
      if (!wanted) continue;
      if (wanted.inline) now.push({ deliveryId: row.delivery_id, attempt: 1, trigger: 'automatic' });
      else await this.enqueueAttempt(row.delivery_id, 1, 'automatic', 0);
    }
    if (now.length > 0) await this.attempts(now);
    for (const userId of new Set(rows.map((r) => r.userId))) this.publish(userId);
    return due.length;
  }

  /** One attempt of a delivery, as its job asks; a job that lost the race for this attempt does nothing. */
  async attempt(job: SendDeliveryJob): Promise<AttemptResult | null> {
    return (await this.attempts([job]))[0] ?? null;
  }

  /**
   * Attempts of many deliveries at once: claimed together (with each lead and its
   * integration's sealed secrets) in one statement, sent side by side, logged together in
   * another. An attempt another job already made or is making comes back null; one claimed
   * but never logged (its process died mid-request) is claimed again once it is abandoned.
   */
  private async attempts(jobs: readonly SendDeliveryJob[]): Promise<(AttemptResult | null)[]> {
    const wanted = [...new Map(jobs.map((job) => [job.deliveryId, job])).values()];
    const { rows } = await this.pool.query<ClaimedRow & { delivery_id: string; attempt: number; trigger: AttemptTrigger }>(
      `WITH wanted AS (SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[]) AS w(delivery_id, attempt, trigger)),
       claimed AS (
         UPDATE lead_deliveries d
            SET attempts = CASE WHEN c.is_active THEN w.attempt ELSE d.attempts END,
                status = CASE WHEN c.is_active THEN 'pending' WHEN c.disabled_at IS NOT NULL THEN 'held' ELSE 'skipped' END,
                last_error = CASE WHEN c.is_active THEN d.last_error WHEN c.disabled_at IS NOT NULL THEN 'Held: the integration was turned off' ELSE 'Not sent: the integration was disconnected' END,
                final_attempt = CASE WHEN w.trigger = 'manual' AND d.status <> 'pending' THEN true ELSE d.final_attempt END,
                next_attempt_at = NULL, updated_at = now()
           FROM wanted w, integration_configs c
          WHERE d.delivery_id = w.delivery_id AND c.integration_id = d.integration_id AND (d.status = 'pending' OR w.trigger = 'manual') AND NOT d.is_test
            AND (d.attempts = w.attempt - 1
                 OR (d.attempts = w.attempt AND d.updated_at < now() - make_interval(secs => $4) AND NOT EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.delivery_id = d.delivery_id AND a.attempt = w.attempt)))
          RETURNING d.delivery_id, w.attempt, w.trigger, d.status, d.lead_id, d.purchase, d.final_attempt, d.succeeded_at, c.integration_id, c.user_id, c.provider, c.settings, c.is_active, c.disabled_at, c.destinations, c.failing_since)
       SELECT claimed.*, ${LEAD_COLUMNS},
              (SELECT coalesce(json_agg(json_build_object('name', s.name, 'value', s.value)), '[]') FROM integration_secrets s WHERE s.integration_id = claimed.integration_id AND (s.expires_at IS NULL OR s.expires_at > now())) AS sealed
         FROM claimed LEFT JOIN rm_leads l ON l.lead_id = claimed.lead_id`,
      [wanted.map((j) => j.deliveryId), wanted.map((j) => j.attempt), wanted.map((j) => j.trigger), ABANDONED_AFTER_MS / 1000],
    );
    const results = new Map<string, AttemptResult>();
    const targets = new Map<string, IntegrationTarget>();
    const sending = rows.filter((claimed) => claimed.status === 'pending');
    const outcomes = await pLimit(SENDS_AT_ONCE).map(sending, async (claimed) => {
      const started = new Date();
      const lead = claimed.first_name === null ? null : deliverableLeadOf(claimed.lead_id, claimed, claimed.purchase);
      let target = targets.get(claimed.integration_id);
      if (lead && !target) targets.set(claimed.integration_id, (target = openTarget(this.cipher, claimed, claimed.sealed)));
      const outcome =
        lead && target
          ? await this.send(lead, target, { deliveryId: claimed.delivery_id, attempt: claimed.attempt, test: false })
          : failure('The lead is no longer available to send.', false);
      const next = outcome.ok || claimed.final_attempt || !outcome.retryable ? null : delayBefore(this.settings.retryDelaysMs, claimed.attempt + 1);
      return { claimed, started, outcome, next };
    });
    await this.logAttempts(
      outcomes.map(({ claimed, started, outcome, next }) => ({
        deliveryId: claimed.delivery_id,
        attempt: claimed.attempt,
        trigger: claimed.trigger,
        started,
        outcome,
        // A lead that reached the receiver stays delivered when a resend of it fails; the attempt and the delivery's last answer show the failure.
        status: outcome.ok || (next === null && claimed.succeeded_at !== null) ? 'succeeded' : next === null ? 'failed' : 'pending',
        nextAttemptAt: next === null ? null : new Date(Date.now() + next),
      })),
    );
    const failed = new Map<string, { claimed: ClaimedRow; started: Date; outcome: SendOutcome }>();
    const recovered = new Set<string>();
    for (const { claimed, started, outcome } of outcomes) {
      results.set(claimed.delivery_id, { deliveryId: claimed.delivery_id, attempt: claimed.attempt, outcome });
      // A resend the agent asked for is not the schedule's: like a test send, its failure neither starts nor advances the
      // clock that turns a failing integration off (Svix and Stripe disable an endpoint for its scheduled deliveries only).
      if (!outcome.ok && claimed.trigger !== 'manual') failed.set(claimed.integration_id, { claimed, started, outcome });
      else if (outcome.ok && claimed.failing_since) recovered.add(claimed.integration_id);
    }
    // The failure clock is started before any retry is queued, so the retry's claim sees it (and a success stops it).
    for (const { claimed, started, outcome } of failed.values()) await this.noteFailure(claimed, started, outcome);
    const cleared = [...recovered].filter((id) => !failed.has(id));
    if (cleared.length > 0) await this.pool.query('UPDATE integration_configs SET failing_since = NULL WHERE integration_id = ANY($1::uuid[])', [cleared]);
    for (const { claimed, next } of outcomes) if (next !== null) await this.enqueueAttempt(claimed.delivery_id, claimed.attempt + 1, 'automatic', next);
    for (const userId of new Set(rows.map((claimed) => claimed.user_id))) this.publish(userId);
    return jobs.map((job) => results.get(job.deliveryId) ?? null);
  }

  /** A sample lead sent now to one of the agent's integrations, the answer returned and logged (it never turns the integration off). */
  async testSend(userId: string, integrationId: string): Promise<AttemptResult & { sentAt: string }> {
    const integration = await this.ownIntegration(userId, integrationId);
    if (!integration.is_active) throw new DomainError('INTEGRATION_NOT_CONNECTED', 'Connect this integration before sending a test lead.', 409);
    if (!this.receivesLeads(integration))
      throw new DomainError('INTEGRATION_RECEIVES_NO_LEADS', 'This integration opens a link; it does not receive leads.', 409);
    const deliveryId = randomUUID();
    const started = new Date();
    const purchase: Purchase = { source: 'data_leads', campaignId: null, campaignName: 'Test send', priceCents: 0, boughtAt: started.toISOString() };
    await this.pool.query(
      `INSERT INTO lead_deliveries (delivery_id, integration_id, user_id, lead_id, is_test, purchase, status, attempts, final_attempt) VALUES ($1, $2, $3, NULL, true, $4, 'pending', 1, true)`,
      [deliveryId, integrationId, userId, JSON.stringify(purchase)],
    );
    const outcome = await this.send(sampleLead(deliveryId, started), await integrationTarget(this.pool, this.cipher, integration), {
      deliveryId,
      attempt: 1,
      test: true,
    });
    await this.logAttempts([{ deliveryId, attempt: 1, trigger: 'test', started, outcome, status: outcome.ok ? 'succeeded' : 'failed', nextAttemptAt: null }]);
    this.publish(userId);
    return { deliveryId, attempt: 1, outcome, sentAt: started.toISOString() };
  }

  /**
   * Sends one delivery again now: an attempt asked for by the agent, whatever the delivery's
   * state (one still on its schedule is tried at once and keeps its schedule if this fails too;
   * a failed, held or delivered one gets this one attempt). Asked for while an attempt is in
   * flight, it is the attempt after that one, so no request is lost and no attempt made twice.
   * If it fails, a delivered lead stays delivered (the log shows the failed resend), and the
   * failure does not count towards turning the integration off.
   */
  async resend(userId: string, deliveryId: string): Promise<{ deliveryId: string; attempt: number }> {
    const { rows } = await this.pool.query<{ attempts: number; is_active: boolean }>(
      `SELECT d.attempts, c.is_active FROM lead_deliveries d JOIN integration_configs c ON c.integration_id = d.integration_id WHERE d.delivery_id = $1 AND d.user_id = $2 AND NOT d.is_test`,
      [deliveryId, userId],
    );
    if (!rows[0]) throw new DomainError('DELIVERY_NOT_FOUND', 'No such delivery.', 404);
    if (!rows[0].is_active) throw new DomainError('INTEGRATION_NOT_CONNECTED', 'Turn this integration back on before resending its leads.', 409);
    const attempt = rows[0].attempts + 1;
    await this.enqueueAttempt(deliveryId, attempt, 'manual', 0);
    this.publish(userId);
    return { deliveryId, attempt };
  }

  /** Every failed (or held) delivery of one integration since a time, sent again (at most RESEND_BATCH at once). */
  async resendFailed(userId: string, integrationId: string, since: Date): Promise<{ resent: number }> {
    const integration = await this.ownIntegration(userId, integrationId);
    if (!integration.is_active) throw new DomainError('INTEGRATION_NOT_CONNECTED', 'Turn this integration back on before resending its leads.', 409);
    const { rows } = await this.pool.query<{ delivery_id: string; attempts: number }>(
      `UPDATE lead_deliveries SET status = 'pending', final_attempt = true, next_attempt_at = now(), updated_at = now()
        WHERE delivery_id IN (SELECT delivery_id FROM lead_deliveries WHERE integration_id = $1 AND user_id = $2 AND status IN ('failed', 'held') AND NOT is_test AND created_at >= $3
                               ORDER BY created_at LIMIT $4 FOR UPDATE SKIP LOCKED)
        RETURNING delivery_id, attempts`,
      [integrationId, userId, since, RESEND_BATCH],
    );
    for (const row of rows) await this.enqueueAttempt(row.delivery_id, row.attempts + 1, 'manual', 0);
    this.publish(userId);
    return { resent: rows.length };
  }

  /** Turns an automatically disabled integration back on; with `replay`, what it missed (held, and failed since it began failing) is sent. */
  async enable(userId: string, integrationId: string, replay: boolean): Promise<{ replayed: number; skipped: number }> {
    const result = await inTransaction(this.pool, async (tx) => {
      const { rows } = await tx.query<{ failing_since: Date | null; disabled_at: Date; provider: IntegrationProvider }>(
        `UPDATE integration_configs c SET is_active = true, disabled_at = NULL, disabled_reason = NULL, failing_since = NULL, updated_at = now()
           FROM (SELECT integration_id, failing_since, disabled_at FROM integration_configs WHERE integration_id = $1 AND user_id = $2 FOR UPDATE) AS before
          WHERE c.integration_id = before.integration_id AND before.disabled_at IS NOT NULL
          RETURNING before.failing_since, before.disabled_at, c.provider`,
        [integrationId, userId],
      );
      const before = rows[0];
      if (!before) {
        await this.ownIntegration(userId, integrationId, tx);
        throw new DomainError('INTEGRATION_NOT_DISABLED', 'This integration was not turned off automatically.', 409);
      }
      const missedSince = before.failing_since ?? before.disabled_at;
      const { rows: missed } = replay
        ? await tx.query<{ delivery_id: string; attempts: number }>(
            `UPDATE lead_deliveries SET status = 'pending', final_attempt = (status = 'failed'), last_error = NULL, next_attempt_at = now(), updated_at = now()
              WHERE integration_id = $1 AND NOT is_test AND (status = 'held' OR (status = 'failed' AND updated_at >= $2)) RETURNING delivery_id, attempts`,
            [integrationId, missedSince],
          )
        : { rows: [] };
      const skipped = replay
        ? 0
        : ((
            await tx.query(
              `UPDATE lead_deliveries SET status = 'skipped', last_error = 'Not sent: skipped when the integration was turned back on', updated_at = now() WHERE integration_id = $1 AND status = 'held'`,
              [integrationId],
            )
          ).rowCount ?? 0);
      await recordInOutbox(tx, integrationStream(integrationId), [
        integrationEvent(
          'IntegrationEnabled',
          { integrationId, userId, provider: before.provider, replayed: missed.length, skipped },
          systemContext('integration-enable'),
        ),
      ]);
      return { missed, skipped };
    });
    outboxCommitted();
    for (const row of result.missed) await this.enqueueAttempt(row.delivery_id, row.attempts + 1, 'replay', 0);
    this.publish(userId);
    return { replayed: result.missed.length, skipped: result.skipped };
  }

  /** Which of the agent's leads go to one of their integrations; the campaigns chosen must be the agent's own. */
  async setDestinations(userId: string, integrationId: string, destinations: Destinations): Promise<{ destinations: Destinations }> {
    if (destinations.campaignIds?.length) {
      const { rows } = await this.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM rm_campaigns WHERE owner_id = $1 AND campaign_id = ANY($2::uuid[])',
        [userId, destinations.campaignIds],
      );
      if (rows[0]!.n !== destinations.campaignIds.length) throw new DomainError('CAMPAIGN_NOT_FOUND', 'Choose campaigns from your own list.', 400);
    }
    const { rowCount } = await this.pool.query(
      'UPDATE integration_configs SET destinations = $3, updated_at = now() WHERE integration_id = $1 AND user_id = $2',
      [integrationId, userId, JSON.stringify(destinations)],
    );
    if (!rowCount) throw new DomainError('INTEGRATION_NOT_FOUND', 'No such integration.', 404);
    this.publish(userId);
    return { destinations };
  }

  /**
   * Deliveries whose next attempt is overdue by a minute (their job was lost, e.g. with a
   * queue that was emptied, or its process died mid-request) get it again; if the old job
   * still runs too, only one of them claims the attempt.
   */
  async sweep(): Promise<number> {
    // An attempt claimed but never logged (abandoned) is made again under its own number.
    const { rows } = await this.pool.query<{ delivery_id: string; attempt: number }>(
      `SELECT d.delivery_id,
              CASE WHEN d.attempts > 0 AND NOT EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.delivery_id = d.delivery_id AND a.attempt = d.attempts) THEN d.attempts ELSE d.attempts + 1 END AS attempt
         FROM lead_deliveries d
        WHERE d.status = 'pending' AND NOT d.is_test AND COALESCE(d.next_attempt_at, d.updated_at) < now() - make_interval(secs => $2) ORDER BY d.updated_at LIMIT $1`,
      [RESEND_BATCH, Math.max(ABANDONED_AFTER_MS, 60_000) / 1000],
    );
    // A job id of its own: the lost attempt's job may be on record as done (it lost its claim).
    const sweep = Math.floor(Date.now() / 60_000);
    for (const row of rows) await this.enqueueAttempt(row.delivery_id, row.attempt, 'automatic', 0, `sweep-${sweep}`);
    return rows.length;
  }

  private receivesLeads(row: Pick<IntegrationRow, 'provider' | 'settings'>): boolean {
    return row.provider !== 'custom' || row.settings.type !== 'link';
  }

  private async send(lead: DeliverableLead, target: IntegrationTarget, context: { deliveryId: string; attempt: number; test: boolean }): Promise<SendOutcome> {
    const sender = this.senders.get(target.provider);
    if (!sender) return failure(`Leads cannot be sent to ${target.provider} yet.`, false);
    try {
      return await sender.send(lead, target, context);
    } catch (error) {
      // A sender is meant to answer every failure as an outcome; this one threw: keep its text, never a secret's.
      return failure(`The delivery could not be sent: ${error instanceof Error ? error.message : String(error)}`, true);
    }
  }

  /** Attempts logged (each once, whoever else tries) and their deliveries brought to what they came to, in one statement. */
  private async logAttempts(attempts: readonly LoggedAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const column = <T>(pick: (a: LoggedAttempt) => T) => attempts.map(pick);
    await this.pool.query(
      `WITH v AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::timestamptz[], $5::int[], $6::int[], $7::bool[], $8::text[], $9::text[], $10::text[], $11::timestamptz[])
             AS v(delivery_id, attempt, trigger, started_at, duration_ms, status, ok, error, preview, new_status, next_at)),
       logged AS (
         INSERT INTO delivery_attempts (delivery_id, attempt, trigger, started_at, duration_ms, status, ok, error, response_preview)
         SELECT delivery_id, attempt, trigger, started_at, duration_ms, status, ok, error, preview FROM v
         ON CONFLICT (delivery_id, attempt) DO NOTHING)
       UPDATE lead_deliveries d SET status = v.new_status, last_status = v.status, last_error = v.error, next_attempt_at = v.next_at,
              succeeded_at = CASE WHEN v.ok THEN now() ELSE d.succeeded_at END, updated_at = now()
         FROM v WHERE d.delivery_id = v.delivery_id AND d.attempts = v.attempt`,
      [
        column((a) => a.deliveryId),
        column((a) => a.attempt),
        column((a) => a.trigger),
        column((a) => a.started),
        column((a) => Math.max(0, Math.round(a.outcome.durationMs))),
        column((a) => a.outcome.status),
        column((a) => a.outcome.ok),
        column((a) => a.outcome.error),
        column((a) => a.outcome.preview.slice(0, ANSWER_PREVIEW_CHARS)),
        column((a) => a.status),
        column((a) => a.nextAttemptAt),
      ],
    );
  }

  /** Remembers since when the integration keeps failing; past the limit it is turned off and its owner told. */
  private async noteFailure(integration: IntegrationRow, at: Date, outcome: SendOutcome): Promise<void> {
    const { rows } = await this.pool.query<{ failing_since: Date }>(
      'UPDATE integration_configs SET failing_since = COALESCE(failing_since, $2) WHERE integration_id = $1 AND is_active RETURNING failing_since',
      [integration.integration_id, at],
    );
    const failingSince = rows[0]?.failing_since;
    if (!failingSince || Date.now() - failingSince.getTime() < this.settings.disableAfterMs) return;
    const provider = providerName(integration);
    const reason = `Deliveries have failed since ${failingSince.toISOString()}. The last answer: ${outcome.error ?? `HTTP ${outcome.status}`}`;
    const disabled = await inTransaction(this.pool, async (tx) => {
      const { rows: turnedOff } = await tx.query<{ disabled_at: Date }>(
        `UPDATE integration_configs SET is_active = false, disabled_at = now(), disabled_reason = $2, updated_at = now() WHERE integration_id = $1 AND is_active AND failing_since = $3 RETURNING disabled_at`,
        [integration.integration_id, reason, failingSince],
      );
      if (!turnedOff[0]) return null;
      await recordInOutbox(tx, integrationStream(integration.integration_id), [
        integrationEvent(
          'IntegrationDisabled',
          {
            integrationId: integration.integration_id,
            userId: integration.user_id,
            provider: integration.provider,
            failingSince: failingSince.toISOString(),
            reason,
          },
          systemContext('lead-delivery'),
        ),
      ]);
      return turnedOff[0].disabled_at;
    });
    if (!disabled) return;
    outboxCommitted();
    const email = (await userLabels(this.pool, [integration.user_id])).get(integration.user_id)?.email;
    if (email) {
      await this.jobs.enqueue(
        SEND_EMAIL_JOB,
        disabledMail(email, provider, reason, `${this.settings.publicUrl}${pageOf(integration)}`, this.settings.disableAfterMs),
        {
          jobId: `integration-disabled--${integration.integration_id}--${disabled.getTime()}`,
          attempts: 5,
        },
      );
    }
  }

  private async enqueueAttempt(deliveryId: string, attempt: number, trigger: AttemptTrigger, delayMs: number, jobSuffix?: string): Promise<void> {
    const job: SendDeliveryJob = { deliveryId, attempt, trigger };
    const jobId = `delivery--${deliveryId}--${attempt}--${trigger}${jobSuffix ? `--${jobSuffix}` : ''}`;
    await this.jobs.enqueue(SEND_DELIVERY_JOB, job, { jobId, attempts: 5, backoffMs: 1_000, delayMs });
  }

  private async ownIntegration(userId: string, integrationId: string, db: SqlClient = this.pool): Promise<IntegrationRow> {
    const { rows } = await db.query<IntegrationRow>(
      `SELECT integration_id, user_id, provider, settings, is_active, disabled_at, destinations FROM integration_configs WHERE integration_id = $1 AND user_id = $2`,
      [integrationId, userId],
    );
    if (!rows[0]) throw new DomainError('INTEGRATION_NOT_FOUND', 'No such integration.', 404);
    return rows[0];
  }

  private publish(userId: string): void {
    this.realtime.publish([{ userId, topic: INTEGRATIONS_TOPIC }]);
  }
}

type LoggedAttempt = {
  readonly deliveryId: string;
  readonly attempt: number;
  readonly trigger: AttemptTrigger;
  readonly started: Date;
  readonly outcome: SendOutcome;
  /** What the delivery comes to: succeeded (now, or before and kept), failed, or pending for its next attempt. */
  readonly status: string;
  readonly nextAttemptAt: Date | null;
};

/**
 * A claimed attempt not logged after this long was abandoned (its process died mid-request):
 * longer than any attempt can take (the 15 s answer limit, the claim and the log).
 */
const ABANDONED_AFTER_MS = 60_000;

/** The most requests one job has in flight (a batch of sales to many agents' endpoints). */
const SENDS_AT_ONCE = 32;

const failure = (error: string, retryable: boolean): SendOutcome => ({ ok: false, status: null, durationMs: 0, preview: '', error, retryable });

const providerName = (row: Pick<IntegrationRow, 'provider' | 'settings'>) =>
  row.provider === 'custom' ? String(row.settings.name ?? 'custom integration') : (PROVIDERS.find((p) => p.providerId === row.provider)?.name ?? row.provider);

/** Where the agent manages it: a provider's page, or the list that holds their custom integrations. */
const pageOf = (row: Pick<IntegrationRow, 'provider'>) => (row.provider === 'custom' ? '/integrations' : `/integrations/${row.provider}`);

function disabledMail(to: string, provider: string, reason: string, link: string, disabledAfterMs: number): MailMessage {
  const failing = `Leads could not be delivered to ${provider} for ${durationWords(disabledAfterMs)}, so we turned the integration off.`;
  const why = withMailTimes(reason);
  const next = 'New leads are kept for it. Fix the connection, then turn it back on and choose whether to send what it missed:';
  return {
    to,
    subject: `Your ${provider} integration was turned off`,
    text: `${failing}\n\n${why}\n\n${next}\n${link}\n`,
    html: `<p>${escapeHtml(failing)}</p><p>${escapeHtml(why)}</p><p>${escapeHtml(next)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
