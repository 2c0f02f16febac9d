import { randomUUID } from 'node:crypto';
import type pg from 'pg';

import type { SecretCipher } from '../../../platform/secrets/secret-cipher.js';
import { ownConnectedIntegration } from './agent-integrations.js';
import type { DeliverySender } from './delivery-sender.js';
import { integrationTarget } from './integration-target.js';
import type { DeliverableLead, SendOutcome } from './lead-sender.js';

const LABELS = { ringy: 'Ringy', vanillasoft: 'VanillaSoft' } as const;

/**
 * How an admin's send reaches the admin's own connected integration of a provider: through the
 * delivery code every lead delivery uses (its sender, with the connection's secrets opened for
 * these calls only). Refused with 409 before anything is sent when that integration is not connected.
 */
export async function ownIntegrationSend(
  pool: pg.Pool,
  cipher: SecretCipher,
  sender: DeliverySender,
  userId: string,
  provider: keyof typeof LABELS,
): Promise<{ integrationId: string; send: (lead: DeliverableLead) => Promise<SendOutcome> }> {
  const row = await ownConnectedIntegration(pool, userId, provider, LABELS[provider]);
  const target = await integrationTarget(pool, cipher, row);
  return { integrationId: row.integration_id, send: (lead) => sender.send(lead, target, { deliveryId: randomUUID(), attempt: 1, test: false }) };
}
