import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { DomainError } from '../../../platform/domain/domain-error.js';
import type { JsonEvent } from '../../../platform/event-store/json-event.js';
import { newEvent, systemContext } from '../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { escapeHtml } from '../../../platform/mail/escape-html.js';
import { SEND_EMAIL_JOB, type MailMessage } from '../../../platform/mail/mailer.js';
import { inTransaction, type SqlClient } from '../../../platform/persistence/sql.js';
import type { RealtimeHub } from '../../../platform/realtime/realtime-hub.js';
import type { SecretCipher } from '../../../platform/secrets/secret-cipher.js';
import { userLabels } from '../../identity/contracts/user-directory.js';
import { PROVIDERS } from '../domain/providers.js';
import { arrivalOf } from './arrivals.js';
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

type IntegrationRow = { integration_id: string; user_id: string; provider: string; settings: Record<string, unknown>; is_active: boolean; disabled_at: Date | null; destinations: unknown };

/** A lead delivery as the log shows it. */
export type AttemptResult = { readonly deliveryId: string; readonly attempt: number; readonly outcome: SendOutcome };

const ANSWER_PREVIEW_CHARS = 2_048;
/** An arrival of at most this many deliveries sends their first attempts in the planning job itself (one job per lead instead of two). */
const INLINE_FIRST_ATTEMPTS = 8;

type ClaimedRow = IntegrationRow & LeadRow & { status: string; lead_id: string; purchase: Purchase; final_attempt: boolean; failing_since: Date | null; sealed: SealedSecretRow[] };
/** An agent may resend at most this many failed deliveries at once (the rest on the next click). */
export const RESEND_BATCH = 1_000;

/**
 * Lead delivery (issue 11): every lead that reaches an agent becomes one delivery per
 * matching integration (unique by lead and integration), sent by jobs on Svix's schedule;
 * every attempt is logged; an integration failing for a day is turned off and its owner
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

  /** From a stored arrival event: one delivery per (lead, matching integration), then their first attempts. Safe to run again. */
  async plan(event: JsonEvent): Promise<number> {
    const arrival = await arrivalOf(event, this.pool);
    if (!arrival || arrival.leadIds.length === 0) return 0;
    const { rows: integrations } = await this.pool.query<IntegrationRow>(
      `SELECT integration_id, user_id, provider, settings, is_active, disabled_at, destinations FROM integration_configs WHERE user_id = $1 AND (is_active OR disabled_at IS NOT NULL)`,
      [arrival.recipientId],
    );
    const targets = integrations.filter((row) => this.receivesLeads(row) && routes(destinationsOf(row.destinations), arrival));
    if (targets.length === 0) return 0;
    const purchase: Purchase = { source: arrival.source, campaignId: arrival.campaignId, campaignName: arrival.campaignName, priceCents: arrival.priceCents, boughtAt: arrival.boughtAt };
    const ids: string[] = [];
    const integrationIds: string[] = [];
    const leadIds: string[] = [];
    const statuses: string[] = [];
    for (const target of targets) {
      for (const leadId of arrival.leadIds) {
        ids.push(randomUUID());
        integrationIds.push(target.integration_id);
        leadIds.push(leadId);
        statuses.push(target.is_active ? 'pending' : 'held');
      }
    }
    // The new ones, and those an earlier run of this job inserted but did not get to send.
    const { rows: due } = await this.pool.query<{ delivery_id: string }>(
      `WITH inserted AS (
         INSERT INTO lead_deliveries (delivery_id, integration_id, user_id, lead_id, purchase, status, last_error)
         SELECT d.id, d.integration_id, $5, d.lead_id, $6, d.status, CASE WHEN d.status = 'held' THEN 'Held: the integration was turned off' END
           FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[]) AS d(id, integration_id, lead_id, status)
         ON CONFLICT (lead_id, integration_id) WHERE NOT is_test DO NOTHING
         RETURNING delivery_id, status)
       SELECT delivery_id FROM inserted WHERE status = 'pending'
       UNION
       SELECT delivery_id FROM lead_deliveries WHERE integration_id = ANY($2::uuid[]) AND lead_id = ANY($3::uuid[]) AND status = 'pending' AND attempts = 0 AND NOT is_test`,
      [ids, integrationIds, leadIds, statuses, arrival.recipientId, JSON.stringify(purchase)],
    );
    // A lead or two (a campaign's sale, an assignment) is sent at once, in this job; an order's many leads each get a job.
    if (due.length <= INLINE_FIRST_ATTEMPTS) await Promise.all(due.map(({ delivery_id }) => this.attempt({ deliveryId: delivery_id, attempt: 1, trigger: 'automatic' })));
    else for (const { delivery_id } of due) await this.enqueueAttempt(delivery_id, 1, 'automatic', 0);
    this.publish(arrival.recipientId);
    return due.length;
  }

  /** One attempt of a delivery, as its job asks; a job that lost the race for this attempt does nothing. */
  async attempt({ deliveryId, attempt, trigger }: SendDeliveryJob): Promise<AttemptResult | null> {
    // One round trip: the claim, the lead as the leads read model has it, and the sealed secrets.
    const { rows } = await this.pool.query<ClaimedRow>(
      `WITH claimed AS (
         UPDATE lead_deliveries d
            SET attempts = CASE WHEN c.is_active THEN $2 ELSE d.attempts END,
                status = CASE WHEN c.is_active THEN 'pending' WHEN c.disabled_at IS NOT NULL THEN 'held' ELSE 'skipped' END,
                last_error = CASE WHEN c.is_active THEN d.last_error WHEN c.disabled_at IS NOT NULL THEN 'Held: the integration was turned off' ELSE 'Not sent: the integration was disconnected' END,
                final_attempt = CASE WHEN $3 = 'manual' AND d.status <> 'pending' THEN true ELSE d.final_attempt END,
                next_attempt_at = NULL, updated_at = now()
           FROM integration_configs c
          WHERE d.delivery_id = $1 AND c.integration_id = d.integration_id AND (d.status = 'pending' OR $3 = 'manual') AND NOT d.is_test
            AND (d.attempts = $2 - 1 OR (d.attempts = $2 AND NOT EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.delivery_id = d.delivery_id AND a.attempt = $2)))
          RETURNING d.status, d.lead_id, d.purchase, d.final_attempt, c.integration_id, c.user_id, c.provider, c.settings, c.is_active, c.disabled_at, c.destinations, c.failing_since)
       SELECT claimed.*, ${LEAD_COLUMNS},
              (SELECT coalesce(json_agg(json_build_object('name', s.name, 'value', s.value)), '[]') FROM integration_secrets s WHERE s.integration_id = claimed.integration_id AND (s.expires_at IS NULL OR s.expires_at > now())) AS sealed
         FROM claimed LEFT JOIN rm_leads l ON l.lead_id = claimed.lead_id`,
      [deliveryId, attempt, trigger],
    );
    const claimed = rows[0];
    if (!claimed) return null;
    if (claimed.status !== 'pending') {
      this.publish(claimed.user_id);
      return null;
    }
    const started = new Date();
    const lead = claimed.first_name === null ? null : deliverableLeadOf(claimed.lead_id, claimed, claimed.purchase);
    const outcome = lead
      ? await this.send(lead, openTarget(this.cipher, claimed, claimed.sealed), { deliveryId, attempt, test: false })
      : failure('The lead is no longer available to send.', false);
    const next = outcome.ok || claimed.final_attempt || !outcome.retryable ? null : delayBefore(this.settings.retryDelaysMs, attempt + 1);
    await this.logAttempt(deliveryId, attempt, trigger, started, outcome, outcome.ok ? 'succeeded' : next === null ? 'failed' : 'pending', next === null ? null : new Date(Date.now() + next));
    if (next !== null) await this.enqueueAttempt(deliveryId, attempt + 1, 'automatic', next);
    if (!outcome.ok) await this.noteFailure(claimed, started, outcome);
    else if (claimed.failing_since) await this.pool.query('UPDATE integration_configs SET failing_since = NULL WHERE integration_id = $1', [claimed.integration_id]);
    this.publish(claimed.user_id);
    return { deliveryId, attempt, outcome };
  }

  /** A sample lead sent now to one of the agent's integrations, the answer returned and logged (it never turns the integration off). */
  async testSend(userId: string, integrationId: string): Promise<AttemptResult & { sentAt: string }> {
    const integration = await this.ownIntegration(userId, integrationId);
    if (!integration.is_active) throw new DomainError('INTEGRATION_NOT_CONNECTED', 'Connect this integration before sending a test lead.', 409);
    if (!this.receivesLeads(integration)) throw new DomainError('INTEGRATION_RECEIVES_NO_LEADS', 'This integration opens a link; it does not receive leads.', 409);
    const deliveryId = randomUUID();
    const started = new Date();
    const purchase: Purchase = { source: 'data_leads', campaignId: null, campaignName: 'Test send', priceCents: 0, boughtAt: started.toISOString() };
    await this.pool.query(
      `INSERT INTO lead_deliveries (delivery_id, integration_id, user_id, lead_id, is_test, purchase, status, attempts, final_attempt) VALUES ($1, $2, $3, NULL, true, $4, 'pending', 1, true)`,
      [deliveryId, integrationId, userId, JSON.stringify(purchase)],
    );
    const outcome = await this.send(sampleLead(deliveryId, started), await integrationTarget(this.pool, this.cipher, integration), { deliveryId, attempt: 1, test: true });
    await this.logAttempt(deliveryId, 1, 'test', started, outcome, outcome.ok ? 'succeeded' : 'failed', null);
    this.publish(userId);
    return { deliveryId, attempt: 1, outcome, sentAt: started.toISOString() };
  }

  /**
   * Sends one delivery again now: an attempt asked for by the agent, whatever the delivery's
   * state (one still on its schedule is tried at once and keeps its schedule if this fails too;
   * a failed, held or delivered one gets this one attempt). Asked for while an attempt is in
   * flight, it is the attempt after that one, so no request is lost and no attempt made twice.
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
      const { rows } = await tx.query<{ failing_since: Date | null; disabled_at: Date; provider: string }>(
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
        : (await tx.query(`UPDATE lead_deliveries SET status = 'skipped', last_error = 'Not sent: skipped when the integration was turned back on', updated_at = now() WHERE integration_id = $1 AND status = 'held'`, [integrationId]))
            .rowCount ?? 0;
      await recordInOutbox(tx, `integration-${integrationId}`, [newEvent('IntegrationEnabled', { integrationId, userId, provider: before.provider, replayed: missed.length, skipped }, systemContext('integration-enable'))]);
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
      const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_campaigns WHERE owner_id = $1 AND campaign_id = ANY($2::uuid[])', [userId, destinations.campaignIds]);
      if (rows[0]!.n !== destinations.campaignIds.length) throw new DomainError('CAMPAIGN_NOT_FOUND', 'Choose campaigns from your own list.', 400);
    }
    const { rowCount } = await this.pool.query('UPDATE integration_configs SET destinations = $3, updated_at = now() WHERE integration_id = $1 AND user_id = $2', [
      integrationId,
      userId,
      JSON.stringify(destinations),
    ]);
    if (!rowCount) throw new DomainError('INTEGRATION_NOT_FOUND', 'No such integration.', 404);
    this.publish(userId);
    return { destinations };
  }

  /**
   * Deliveries whose next attempt is overdue by a minute (their job was lost, e.g. with a
   * queue that was emptied) get it again; the attempt's job id makes a still-queued one a no-op.
   */
  async sweep(): Promise<number> {
    const { rows } = await this.pool.query<{ delivery_id: string; attempts: number }>(
      `SELECT delivery_id, attempts FROM lead_deliveries
        WHERE status = 'pending' AND NOT is_test AND COALESCE(next_attempt_at, updated_at) < now() - interval '1 minute' ORDER BY updated_at LIMIT $1`,
      [RESEND_BATCH],
    );
    for (const row of rows) await this.enqueueAttempt(row.delivery_id, row.attempts + 1, 'automatic', 0);
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

  /** The attempt logged (once, whoever else tries) and the delivery brought to what it came to, in one statement. */
  private async logAttempt(deliveryId: string, attempt: number, trigger: AttemptTrigger, started: Date, outcome: SendOutcome, status: string, nextAttemptAt: Date | null): Promise<void> {
    await this.pool.query(
      `WITH logged AS (
         INSERT INTO delivery_attempts (delivery_id, attempt, trigger, started_at, duration_ms, status, ok, error, response_preview) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (delivery_id, attempt) DO NOTHING)
       UPDATE lead_deliveries SET status = $10, last_status = $6, last_error = $8, next_attempt_at = $11, succeeded_at = CASE WHEN $10 = 'succeeded' THEN now() ELSE succeeded_at END, updated_at = now()
        WHERE delivery_id = $1 AND attempts = $2`,
      [
        ...[deliveryId, attempt, trigger, started, Math.max(0, Math.round(outcome.durationMs)), outcome.status, outcome.ok, outcome.error, outcome.preview.slice(0, ANSWER_PREVIEW_CHARS)],
        status,
        nextAttemptAt,
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
      await recordInOutbox(tx, `integration-${integration.integration_id}`, [
        newEvent('IntegrationDisabled', { integrationId: integration.integration_id, userId: integration.user_id, provider: integration.provider, failingSince: failingSince.toISOString(), reason }, systemContext('lead-delivery')),
      ]);
      return turnedOff[0].disabled_at;
    });
    if (!disabled) return;
    outboxCommitted();
    const email = (await userLabels(this.pool, [integration.user_id])).get(integration.user_id)?.email;
    if (email) {
      await this.jobs.enqueue(SEND_EMAIL_JOB, disabledMail(email, provider, reason, `${this.settings.publicUrl}${pageOf(integration)}`), {
        jobId: `integration-disabled--${integration.integration_id}--${disabled.getTime()}`,
        attempts: 5,
      });
    }
  }

  private async enqueueAttempt(deliveryId: string, attempt: number, trigger: AttemptTrigger, delayMs: number): Promise<void> {
    const job: SendDeliveryJob = { deliveryId, attempt, trigger };
    await this.jobs.enqueue(SEND_DELIVERY_JOB, job, { jobId: `delivery--${deliveryId}--${attempt}--${trigger}`, attempts: 5, backoffMs: 1_000, delayMs });
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

const failure = (error: string, retryable: boolean): SendOutcome => ({ ok: false, status: null, durationMs: 0, preview: '', error, retryable });

const providerName = (row: Pick<IntegrationRow, 'provider' | 'settings'>) =>
  row.provider === 'custom' ? String(row.settings.name ?? 'custom integration') : (PROVIDERS.find((p) => p.providerId === row.provider)?.name ?? row.provider);

/** Where the agent manages it: a provider's page, or the list that holds their custom integrations. */
const pageOf = (row: Pick<IntegrationRow, 'provider'>) => (row.provider === 'custom' ? '/integrations' : `/integrations/${row.provider}`);

function disabledMail(to: string, provider: string, reason: string, link: string): MailMessage {
  return {
    to,
    subject: `Your ${provider} integration was turned off`,
    text: `Leads could not be delivered to ${provider} for a day, so we turned the integration off.\n\n${reason}\n\nNew leads are kept for it. Fix the connection, then turn it back on and choose whether to send what it missed:\n${link}\n`,
    html: `<p>Leads could not be delivered to <strong>${escapeHtml(provider)}</strong> for a day, so we turned the integration off.</p><p>${escapeHtml(reason)}</p><p>New leads are kept for it. Fix the connection, then turn it back on and choose whether to send what it missed:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
