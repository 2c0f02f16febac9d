import type { FactoryProvider } from '@nestjs/common';
import type pg from 'pg';

import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import type { SecretCipher } from '../../platform/secrets/secret-cipher.js';
import { CONFIG, JOB_QUEUE, SECRET_CIPHER, SQL_POOL } from '../../platform/tokens.js';
import { DemoCardPayments } from './adapters/demo/demo-card-payments.js';
import { DemoCheckoutSessions } from './adapters/demo/demo-checkout-sessions.js';
import { DemoDisputes } from './adapters/demo/demo-disputes.js';
import { DemoSavedCards } from './adapters/demo/demo-saved-cards.js';
import { DemoWebhookSender } from './adapters/demo/demo-webhook-sender.js';
import { openDemoWebhookSecret } from './adapters/demo/demo-webhook-signing.js';
import { StripeCardPayments } from './adapters/stripe/stripe-card-payments.js';
import { CARD_PAYMENTS, type CardPayments } from './contracts/card-payments.port.js';
import { DEMO_PROVIDER, type DemoProvider } from './domain/demo-provider.js';
import type { PaymentsConfig } from './payments.config.js';

/** The demo provider inside the portal, its parts wired together (its webhook secret made on first start). */
export async function openDemoProvider(pool: pg.Pool, jobs: JobQueue, publicUrl: string, secrets: SecretCipher): Promise<DemoProvider> {
  const portalUrl = publicUrl.replace(/\/$/, '');
  const webhookSecret = await openDemoWebhookSecret(pool, secrets);
  const webhooks = new DemoWebhookSender(jobs, portalUrl, webhookSecret);
  const disputes = new DemoDisputes(pool, webhooks);
  const cards = new DemoSavedCards(pool);
  const checkoutSessions = new DemoCheckoutSessions(pool, portalUrl, webhooks, disputes, cards);
  const cardPayments = new DemoCardPayments(pool, webhookSecret, webhooks, checkoutSessions, cards, disputes);
  return { cardPayments, checkoutSessions, disputes, webhooks };
}

/** The demo provider when Stripe's keys are not set; null when this portal takes real cards. */
export const demoProviderProvider: FactoryProvider<DemoProvider | null> = {
  provide: DEMO_PROVIDER,
  inject: [CONFIG, SQL_POOL, JOB_QUEUE, SECRET_CIPHER],
  useFactory: (config: PaymentsConfig, pool: pg.Pool, jobs: JobQueue, secrets: SecretCipher) =>
    config.stripe === null ? openDemoProvider(pool, jobs, config.publicUrl, secrets) : null,
};

/** The card provider: Stripe when its keys are set, otherwise the demo provider inside the portal. */
export const cardPaymentsProvider: FactoryProvider<CardPayments> = {
  provide: CARD_PAYMENTS,
  inject: [CONFIG, SQL_POOL, DEMO_PROVIDER],
  useFactory: async (config: PaymentsConfig, pool: pg.Pool, demo: DemoProvider | null): Promise<CardPayments> =>
    demo ? demo.cardPayments : StripeCardPayments.open(config.stripe!, pool),
};
