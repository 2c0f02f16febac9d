import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { DomainError } from '../../../../platform/domain/domain-error.js';
import { outboxCommitted, recordInOutbox } from '../../../../platform/event-store/outbox.js';
import { inTransaction } from '../../../../platform/persistence/sql.js';
import { lastFour } from '../../../../platform/secrets/last-four.js';
import type { SecretCipher } from '../../../../platform/secrets/secret-cipher.js';
import { secretContext } from '../../../../platform/secrets/secret-columns.js';
import { CONFIG, SECRET_CIPHER, SQL_POOL } from '../../../../platform/tokens.js';
import { integrationEvent, integrationStream, type IntegrationProvider } from '../../contracts/integration-events.js';
import { newWebhookSecret, PREVIOUS_SIGNING_SECRET, SIGNING_SECRET } from '../../delivery/standard-webhooks.js';
import type { IntegrationsConfig } from '../../integrations.config.js';
import { INTEGRATION_SECRETS } from '../../integrations.secrets.js';
import { RotateSigningSecret, type SigningSecretRotated } from './rotate-signing-secret.command.js';

/**
 * Rotation as Svix does it: a new secret, shown once; the one it replaces is kept (re-sealed
 * under its new name, never handed out) and signs beside it until the grace period ends, so
 * the receiver can switch over without refusing a lead. A second rotation within the grace
 * period drops the oldest: only the secret just replaced stays valid. Rotations of one
 * integration run one at a time (its row is locked), so exactly one secret is current.
 */
@CommandHandler(RotateSigningSecret)
export class RotateSigningSecretHandler implements ICommandHandler<RotateSigningSecret, SigningSecretRotated> {
  constructor(
    @Inject(SQL_POOL) private readonly pool: pg.Pool,
    @Inject(SECRET_CIPHER) private readonly cipher: SecretCipher,
    @Inject(CONFIG) private readonly config: Pick<IntegrationsConfig, 'delivery'>,
  ) {}

  async execute({ input: { integrationId }, context }: RotateSigningSecret): Promise<SigningSecretRotated> {
    const userId = context.actor.id;
    const result = await inTransaction(this.pool, async (tx) => {
      const { rows: owned } = await tx.query<{ provider: IntegrationProvider }>(
        `SELECT provider FROM integration_configs WHERE integration_id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE`,
        [integrationId, userId],
      );
      if (!owned[0]) throw new DomainError('INTEGRATION_NOT_FOUND', 'No such integration.', 404);
      const { rows: current } = await tx.query<{ value: string }>('SELECT value FROM integration_secrets WHERE integration_id = $1 AND name = $2', [
        integrationId,
        SIGNING_SECRET,
      ]);
      if (!current[0]) {
        throw new DomainError(
          'NO_SIGNING_SECRET',
          'This integration signs no requests: only OnlySales and custom API integrations have a signing secret to rotate.',
          409,
        );
      }
      const seal = (name: string, value: string) => this.cipher.encrypt(value, secretContext(INTEGRATION_SECRETS, [integrationId, name]));
      const replaced = this.cipher.decrypt(current[0].value, secretContext(INTEGRATION_SECRETS, [integrationId, SIGNING_SECRET]));
      const { rows: kept } = await tx.query<{ expires_at: Date }>(
        `INSERT INTO integration_secrets (integration_id, name, value, last4, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))
         ON CONFLICT (integration_id, name) DO UPDATE SET value = EXCLUDED.value, last4 = EXCLUDED.last4, expires_at = EXCLUDED.expires_at
         RETURNING expires_at`,
        [integrationId, PREVIOUS_SIGNING_SECRET, seal(PREVIOUS_SIGNING_SECRET, replaced), lastFour(replaced), this.config.delivery.signingSecretGraceMs / 1000],
      );
      const signingSecret = newWebhookSecret();
      await tx.query('UPDATE integration_secrets SET value = $3, last4 = $4 WHERE integration_id = $1 AND name = $2', [
        integrationId,
        SIGNING_SECRET,
        seal(SIGNING_SECRET, signingSecret),
        lastFour(signingSecret),
      ]);
      const previousValidUntil = kept[0]!.expires_at.toISOString();
      await recordInOutbox(tx, integrationStream(integrationId), [
        integrationEvent('IntegrationSigningSecretRotated', { integrationId, userId, provider: owned[0].provider, previousValidUntil }, context),
      ]);
      return { integrationId, signingSecret, previousValidUntil };
    });
    outboxCommitted();
    return result;
  }
}
