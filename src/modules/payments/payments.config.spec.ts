import { describe, expect, it } from 'vitest';

import { readConfig } from '../../platform/config/config.js';
import { paymentsConfig } from './payments.config.js';

const loadConfig = (env: NodeJS.ProcessEnv) => readConfig([paymentsConfig], env);

describe('payments config', () => {
  it('says which Stripe settings are missing once one is set', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY: expected the publishable key[\s\S]*STRIPE_WEBHOOK_SECRET: expected the webhook signing secret/,
    );
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'wh', STRIPE_API_BASE: 'http://127.0.0.1:9/' }).stripe,
    ).toEqual({
      secretKey: 'sk',
      publishableKey: 'pk',
      webhookSecret: 'wh',
      apiBase: 'http://127.0.0.1:9',
    });
  });
});
