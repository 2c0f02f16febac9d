import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type Stripe from 'stripe';

import { isEncryptedSecret, type SecretCipher } from '../../../../platform/secrets/secret-cipher.js';
import { secretContext } from '../../../../platform/secrets/secret-columns.js';
import { DEMO_WEBHOOK_SECRET } from '../../payments.secrets.js';

let signer: Promise<Stripe> | undefined;

/** Stripe's official client, used only for its webhook signature scheme (signing and checking); loaded by the first payment. */
export function demoWebhookSigner(): Promise<Stripe> {
  signer ??= import('stripe').then(({ default: StripeClient }) => new StripeClient('sk_demo_signing_only'));
  return signer;
}

const webhookSecretContext = () => secretContext(DEMO_WEBHOOK_SECRET, [1]);

/**
 * The demo provider's webhook secret, made once per deployment and kept in the database. It is
 * stored encrypted (secrets:rotate re-encrypts it); one kept in plain text by an older version
 * is encrypted here.
 */
export async function openDemoWebhookSecret(pool: pg.Pool, secrets: SecretCipher): Promise<string> {
  const context = webhookSecretContext();
  await pool.query(`INSERT INTO demo_pay_settings (id, webhook_secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [
    secrets.encrypt(`whsec_demo_${randomBytes(24).toString('hex')}`, context),
  ]);
  const { rows } = await pool.query<{ webhook_secret: string }>(`SELECT webhook_secret FROM demo_pay_settings WHERE id = 1`);
  const stored = rows[0]!.webhook_secret;
  if (!isEncryptedSecret(stored)) {
    await pool.query(`UPDATE demo_pay_settings SET webhook_secret = $1 WHERE id = 1 AND webhook_secret = $2`, [secrets.encrypt(stored, context), stored]);
    return stored;
  }
  // Used only to sign the provider's own webhooks: a delivery, not a credential access.
  return secrets.decrypt(stored, context);
}
