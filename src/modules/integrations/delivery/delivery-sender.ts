import pLimit from 'p-limit';
import type pg from 'pg';

import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import type { RealtimeHub } from '../../../platform/realtime/realtime-hub.js';
import type { SecretCipher } from '../../../platform/secrets/secret-cipher.js';
import { deliverableLeads } from '../../marketplace/contracts/lead-directory.js';
import type { IntegrationRow } from './agent-integrations.js';
import { deliverableLeadOf, type Purchase } from './deliverable-lead.js';
import type { DeliverySettings, IntegrationHealth } from './integration-health.js';
import { openTarget, type SealedSecretRow } from './integration-target.js';
import type { DeliverableLead, IntegrationTarget, LeadSender, SendOutcome } from './lead-sender.js';
import { delayBefore } from './retry-schedule.js';

export const SEND_DELIVERY_JOB = 'send-lead-delivery';
/** The realtime topic of the integration pages (status, delivery log). */
export const INTEGRATIONS_TOPIC = 'integrations';

/** Why an attempt was made: on the schedule, the agent's resend, a test-send, or a replay after turning the integration back on. */
export type AttemptTrigger = 'automatic' | 'manual' | 'test' | 'replay';
export type SendDeliveryJob = { readonly deliveryId: string; readonly attempt: number; readonly trigger: AttemptTrigger };

/** A lead delivery as the log shows it. */
export type AttemptResult = { readonly deliveryId: string; readonly attempt: number; readonly outcome: SendOutcome };

const ANSWER_PREVIEW_CHARS = 2_048;

type ClaimedRow = IntegrationRow & {
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
 * Sending deliveries: every attempt claimed, sent and logged in a few statements, however
 * many at once; retries queued on Svix's schedule; failures reported to the integration's health.
 */
export class DeliverySender {
  constructor(
    private readonly pool: pg.Pool,
    private readonly jobs: JobQueue,
    private readonly cipher: SecretCipher,
    private readonly realtime: RealtimeHub,
    private readonly senders: ReadonlyMap<string, LeadSender>,
    private readonly settings: Pick<DeliverySettings, 'retryDelaysMs'>,
    private readonly health: IntegrationHealth,
  ) {}

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
  async attempts(jobs: readonly SendDeliveryJob[]): Promise<(AttemptResult | null)[]> {
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
       SELECT claimed.*,
              (SELECT coalesce(json_agg(json_build_object('name', s.name, 'value', s.value)), '[]') FROM integration_secrets s WHERE s.integration_id = claimed.integration_id AND (s.expires_at IS NULL OR s.expires_at > now())) AS sealed
         FROM claimed`,
      [wanted.map((j) => j.deliveryId), wanted.map((j) => j.attempt), wanted.map((j) => j.trigger), ABANDONED_AFTER_MS / 1000],
    );
    const results = new Map<string, AttemptResult>();
    const targets = new Map<string, IntegrationTarget>();
    const sending = rows.filter((claimed) => claimed.status === 'pending');
    // The leads of the whole batch in one more query (marketplace owns them), not one per delivery.
    const leads = await deliverableLeads(
      this.pool,
      sending.map((claimed) => claimed.lead_id),
    );
    const outcomes = await pLimit(SENDS_AT_ONCE).map(sending, async (claimed) => {
      const started = new Date();
      const row = leads.get(claimed.lead_id);
      const lead = row ? deliverableLeadOf(claimed.lead_id, row, claimed.purchase) : null;
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
    for (const { claimed, started, outcome } of failed.values()) await this.health.noteFailure(claimed, started, outcome);
    await this.health.recovered([...recovered].filter((id) => !failed.has(id)));
    for (const { claimed, next } of outcomes) if (next !== null) await this.enqueueAttempt(claimed.delivery_id, claimed.attempt + 1, 'automatic', next);
    for (const userId of new Set(rows.map((claimed) => claimed.user_id))) this.publish(userId);
    return jobs.map((job) => results.get(job.deliveryId) ?? null);
  }

  async send(lead: DeliverableLead, target: IntegrationTarget, context: { deliveryId: string; attempt: number; test: boolean }): Promise<SendOutcome> {
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
  async logAttempts(attempts: readonly LoggedAttempt[]): Promise<void> {
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

  async enqueueAttempt(deliveryId: string, attempt: number, trigger: AttemptTrigger, delayMs: number, jobSuffix?: string): Promise<void> {
    const job: SendDeliveryJob = { deliveryId, attempt, trigger };
    const jobId = `delivery--${deliveryId}--${attempt}--${trigger}${jobSuffix ? `--${jobSuffix}` : ''}`;
    await this.jobs.enqueue(SEND_DELIVERY_JOB, job, { jobId, attempts: 5, backoffMs: 1_000, delayMs });
  }

  publish(userId: string): void {
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
export const ABANDONED_AFTER_MS = 60_000;

/** The most requests one job has in flight (a batch of sales to many agents' endpoints). */
const SENDS_AT_ONCE = 32;

const failure = (error: string, retryable: boolean): SendOutcome => ({ ok: false, status: null, durationMs: 0, preview: '', error, retryable });
