import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

import { CONFIG_VARIABLES, loadConfig } from './app-config.js';
import { ConfigError } from './platform/config/config.js';

describe('loadConfig (the platform and every module section)', () => {
  it("gives every module's settings their defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.trainingVideoUrl).toBe('https://www.youtube.com/results?search_query=health+insurance+agent+training');
    expect(config.leadSites).toEqual({ dataLeadsUrl: 'https://data-leads.example.com/', agedLeadsUrl: 'https://aged-leads.example.com/' });
    expect(config.leads).toEqual({ intakeRequestsPerMinute: 120, duplicateDays: 30, agedAfterDays: 30, returnDays: 7, agedOrderSweepMs: 300_000 });
    expect(config.stripe).toBeNull();
    expect(config.paymentSweepMs).toBe(300_000);
    expect(config.wallet).toEqual({ transferDailyLimitCents: 200_000 });
    expect(config.providers).toEqual({ ringyApiBase: 'https://app.ringy.com/api/public' });
    expect(config.textdrip).toEqual({ connectUrl: 'https://app.textdrip.com/tauth', apiBase: 'https://api.textdrip.com/api' });
    expect(config.oidc).toEqual({});
    expect(config.signUp).toEqual({ allowedDomains: [], approvedEmails: [] });
    expect(config.staffEmailDomain).toBeUndefined();
    expect(config.demoPassword).toBeUndefined();
    expect(config.satLeaderExcludedEmail).toBeUndefined();
    expect(Object.keys(config.delivery)).toEqual(['retryDelaysMs', 'disableAfterMs', 'signingSecretGraceMs']);
  });

  it('reports bad variables of the platform and of several modules together, secrets hidden', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DEMO_PASSWORD: 'short',
        TRANSFER_DAILY_LIMIT_DOLLARS: '0',
        LEAD_RETURN_DAYS: '91',
        STRIPE_API_BASE: 'ftp://x',
        DELIVERY_RETRY_SECONDS: 'x',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(6);
      expect(problems).toContain('PORT: expected a port number from 0 to 65535 (got "abc")');
      expect(problems).toContain('DEMO_PASSWORD: expected at least 8 characters (got "***")');
      expect(problems).toContain('TRANSFER_DAILY_LIMIT_DOLLARS: expected whole dollars from 1 to 1000000 (got "0")');
      expect(problems).toContain('LEAD_RETURN_DAYS: expected whole days from 1 to 90 (got "91")');
      expect(problems).toContain('STRIPE_API_BASE: expected a URL starting with https:// or http://, e.g. https://api.stripe.com (got "ftp://x")');
      expect(problems.some((p) => p.startsWith('DELIVERY_RETRY_SECONDS: expected 1 to 20 delays in seconds'))).toBe(true);
    }
  });

  it('has every variable it reads documented in the README and shown in .env.example', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const example = fs.readFileSync('.env.example', 'utf8');
    expect(CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    expect(CONFIG_VARIABLES.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example))).toEqual([]);
  });
});
