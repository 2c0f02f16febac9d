import { z } from 'zod';

import { optionalText, optionalUrl } from '../../platform/config/config-schema.js';
import { configSection } from '../../platform/config/config-section.js';
import { ConfigError, type PlatformConfig } from '../../platform/config/config.js';

export type StripeConfig = {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  /** Stripe's API address; a local stand-in in tests. */
  readonly apiBase: string;
};

export type PaymentsSettings = {
  /** Card payments through Stripe; null on the embedded default, where the demo card provider takes its place. */
  readonly stripe: StripeConfig | null;
  /** How often the card provider is asked for succeeded payments whose webhook never came. */
  readonly paymentSweepMs: number;
};

/** What the payments module's code reads. */
export type PaymentsConfig = PlatformConfig & PaymentsSettings;

const shape = {
  STRIPE_SECRET_KEY: optionalText(),
  STRIPE_PUBLISHABLE_KEY: optionalText(),
  STRIPE_WEBHOOK_SECRET: optionalText(),
  STRIPE_API_BASE: optionalUrl(['https:', 'http:'], 'https://api.stripe.com'),
  PAYMENT_SWEEP_SECONDS: z.coerce
    .number({ message: 'expected whole seconds from 1 to 86400' })
    .int('expected whole seconds from 1 to 86400')
    .min(1, 'expected whole seconds from 1 to 86400')
    .max(86_400, 'expected whole seconds from 1 to 86400')
    .default(300),
};

type PaymentsEnv = z.infer<z.ZodObject<typeof shape>>;

export const paymentsConfig = configSection(shape, (e): PaymentsSettings => {
  const stripe = stripeConfig(e);
  if (stripe.problems.length > 0) throw new ConfigError(stripe.problems);
  return { stripe: stripe.config, paymentSweepMs: e.PAYMENT_SWEEP_SECONDS * 1000 };
});

/** Stripe is on when its secret key is set; then the publishable key and webhook secret must be set too. */
function stripeConfig(e: PaymentsEnv): { config: StripeConfig | null; problems: string[] } {
  const given = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (given.every((value) => value === undefined)) return { config: null, problems: [] };
  const problems: string[] = [];
  if (!e.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: expected the secret key (sk_live_… or sk_test_…), since other STRIPE_ settings are set');
  if (!e.STRIPE_PUBLISHABLE_KEY) problems.push('STRIPE_PUBLISHABLE_KEY: expected the publishable key (pk_live_… or pk_test_…), since STRIPE_ settings are set');
  if (!e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: expected the webhook signing secret (whsec_…), since STRIPE_ settings are set');
  if (problems.length > 0) return { config: null, problems };
  return {
    config: {
      secretKey: e.STRIPE_SECRET_KEY!,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
      apiBase: (e.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, ''),
    },
    problems,
  };
}
