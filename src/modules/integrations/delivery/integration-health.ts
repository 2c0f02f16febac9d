import type pg from 'pg';

import { systemContext } from '../../../platform/event-store/new-event.js';
import { outboxCommitted, recordInOutbox } from '../../../platform/event-store/outbox.js';
import type { JobQueue } from '../../../platform/jobs/job-queue.port.js';
import { escapeHtml } from '../../../platform/mail/escape-html.js';
import { durationWords, withMailTimes } from '../../../platform/mail/mail-formats.js';
import { SEND_EMAIL_JOB, type MailMessage } from '../../../platform/mail/mailer.js';
import { inTransaction } from '../../../platform/persistence/sql.js';
import { agentTimeZone } from '../../identity/contracts/agent-time-zone.js';
import { userLabels } from '../../identity/contracts/user-directory.js';
import { integrationEvent, integrationStream } from '../contracts/integration-events.js';
import { PROVIDERS } from '../domain/providers.js';
import type { IntegrationRow } from './agent-integrations.js';
import type { SendOutcome } from './lead-sender.js';

export type DeliverySettings = {
  readonly retryDelaysMs: readonly number[];
  readonly disableAfterMs: number;
  readonly publicUrl: string;
  /** ORG_TIME_ZONE: the times in the mails are in the agent's zone, this one for agents who chose none. */
  readonly timeZone: string;
};

/**
 * An integration's health: an integration failing for a day (DELIVERY_DISABLE_AFTER_SECONDS)
 * is turned off and its owner e-mailed; a success stops the clock.
 */
export class IntegrationHealth {
  constructor(
    private readonly pool: pg.Pool,
    private readonly jobs: JobQueue,
    private readonly settings: DeliverySettings,
  ) {}

  /** Remembers since when the integration keeps failing; past the limit it is turned off and its owner told. */
  async noteFailure(integration: IntegrationRow, at: Date, outcome: SendOutcome): Promise<void> {
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
        disabledMail(
          email,
          provider,
          // The times in the reason, in the agent's zone (chosen on their profile, else the organisation's).
          withMailTimes(reason, await agentTimeZone(this.pool, integration.user_id, this.settings.timeZone)),
          `${this.settings.publicUrl}${pageOf(integration)}`,
          this.settings.disableAfterMs,
        ),
        {
          jobId: `integration-disabled--${integration.integration_id}--${disabled.getTime()}`,
          attempts: 5,
        },
      );
    }
  }

  /** Integrations that delivered again: their failure clock stops. */
  async recovered(integrationIds: readonly string[]): Promise<void> {
    if (integrationIds.length > 0)
      await this.pool.query('UPDATE integration_configs SET failing_since = NULL WHERE integration_id = ANY($1::uuid[])', [integrationIds]);
  }
}

const providerName = (row: Pick<IntegrationRow, 'provider' | 'settings'>) =>
  row.provider === 'custom' ? String(row.settings.name ?? 'custom integration') : (PROVIDERS.find((p) => p.providerId === row.provider)?.name ?? row.provider);

/** Where the agent manages it: a provider's page, or the list that holds their custom integrations. */
const pageOf = (row: Pick<IntegrationRow, 'provider'>) => (row.provider === 'custom' ? '/integrations' : `/integrations/${row.provider}`);

/** `why`: the stored reason, its times in the organisation's zone. */
function disabledMail(to: string, provider: string, why: string, link: string, disabledAfterMs: number): MailMessage {
  const failing = `Leads could not be delivered to ${provider} for ${durationWords(disabledAfterMs)}, so we turned the integration off.`;
  const next = 'New leads are kept for it. Fix the connection, then turn it back on and choose whether to send what it missed:';
  return {
    to,
    subject: `Your ${provider} integration was turned off`,
    text: `${failing}\n\n${why}\n\n${next}\n${link}\n`,
    html: `<p>${escapeHtml(failing)}</p><p>${escapeHtml(why)}</p><p>${escapeHtml(next)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
