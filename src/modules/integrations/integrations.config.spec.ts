import { describe, expect, it } from 'vitest';

import { readConfig } from '../../platform/config/config.js';
import { integrationsConfig } from './integrations.config.js';

const loadConfig = (env: NodeJS.ProcessEnv) => readConfig([integrationsConfig], env);

describe('integrations config', () => {
  it('reads the lead delivery schedule (Svix’s by default), when a failing integration is turned off, and a rotated signing secret’s grace period', () => {
    expect(loadConfig({}).delivery).toEqual({
      retryDelaysMs: [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
      disableAfterMs: 86_400_000,
      signingSecretGraceMs: 86_400_000,
    });
    expect(
      loadConfig({ DELIVERY_RETRY_SECONDS: '0, 0.5,2', DELIVERY_DISABLE_AFTER_SECONDS: '3', DELIVERY_SIGNING_SECRET_GRACE_SECONDS: '0' }).delivery,
    ).toEqual({
      retryDelaysMs: [0, 500, 2_000],
      disableAfterMs: 3_000,
      signingSecretGraceMs: 0,
    });
    expect(() => loadConfig({ DELIVERY_SIGNING_SECRET_GRACE_SECONDS: '-1' })).toThrow(/DELIVERY_SIGNING_SECRET_GRACE_SECONDS: expected whole seconds from 0/);
    expect(() => loadConfig({ DELIVERY_RETRY_SECONDS: '0,soon' })).toThrow(/DELIVERY_RETRY_SECONDS: expected 1 to 20 delays in seconds/);
    expect(() => loadConfig({ DELIVERY_DISABLE_AFTER_SECONDS: '0' })).toThrow(/DELIVERY_DISABLE_AFTER_SECONDS: expected whole seconds/);
  });
});
