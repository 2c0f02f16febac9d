import type { FactoryProvider } from '@nestjs/common';
import type pg from 'pg';

import type { AppConfig } from '../../platform/config/config.js';
import type { JobQueue } from '../../platform/jobs/job-queue.port.js';
import type { SecretCipher } from '../../platform/secrets/secret-cipher.js';
import { CONFIG, JOB_QUEUE, SECRET_CIPHER, SQL_POOL } from '../../platform/tokens.js';
import { DemoCardPayments } from './adapters/demo/demo-card-payments.js';
import { StripeCardPayments } from './adapters/stripe/stripe-card-payments.js';
import { CARD_PAYMENTS, type CardPayments } from './contracts/card-payments.port.js';
import { DEMO_CARD_PAYMENTS } from './domain/demo-provider.js';

/** The card provider: Stripe when its keys are set, otherwise the demo provider inside the portal. */
export const cardPaymentsProvider: FactoryProvider<CardPayments> = {
  provide: CARD_PAYMENTS,
  inject: [CONFIG, SQL_POOL, JOB_QUEUE, SECRET_CIPHER],
  useFactory: async (config: AppConfig, pool: pg.Pool, jobs: JobQueue, secrets: SecretCipher): Promise<CardPayments> => {
    if (config.stripe === null) return DemoCardPayments.open(pool, jobs, config.publicUrl, secrets);
    return new StripeCardPayments(config.stripe, pool);
  },
};

/** The demo provider's own side (hosted pages, the bank's dispute decision, its webhook sender) when it is the card provider. */
export const demoCardPaymentsProvider: FactoryProvider<DemoCardPayments | null> = {
  provide: DEMO_CARD_PAYMENTS,
  inject: [CARD_PAYMENTS],
  useFactory: (payments: CardPayments) => (payments instanceof DemoCardPayments ? payments : null),
};
