import { describe, expect, it } from 'vitest';

import { ConfigError, readConfig } from '../../platform/config/config.js';
import { bonusesConfig, type BonusesSettings } from './bonuses.config.js';

const load = (env: NodeJS.ProcessEnv) => readConfig([bonusesConfig], env) as unknown as BonusesSettings;
const problemsOf = (env: NodeJS.ProcessEnv) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('the marketplace service settings', () => {
  it('are none when neither variable is set', () => {
    expect(load({}).marketplaceService).toBeNull();
    expect(load({ MARKETPLACE_API_URL: ' ', MARKETPLACE_API_TOKEN: '' }).marketplaceService).toBeNull();
  });

  it('are the address, without a trailing slash, and the token', () => {
    expect(load({ MARKETPLACE_API_URL: 'https://marketplace.example.com/', MARKETPLACE_API_TOKEN: ' secret-token ' }).marketplaceService).toEqual({
      apiUrl: 'https://marketplace.example.com',
      token: 'secret-token',
    });
  });

  it('refuse one without the other, naming the one missing', () => {
    expect(problemsOf({ MARKETPLACE_API_URL: 'https://marketplace.example.com' })).toEqual([
      'MARKETPLACE_API_TOKEN: expected the marketplace service’s bearer token, since MARKETPLACE_API_URL is set',
    ]);
    expect(problemsOf({ MARKETPLACE_API_TOKEN: 'secret-token' })).toEqual([
      'MARKETPLACE_API_URL: expected the marketplace service’s address, e.g. https://marketplace.example.com, since MARKETPLACE_API_TOKEN is set',
    ]);
  });

  it('refuse an address that is not an http(s) URL', () => {
    expect(problemsOf({ MARKETPLACE_API_URL: 'marketplace.example.com', MARKETPLACE_API_TOKEN: 'secret-token' })).toEqual([
      expect.stringMatching(/^MARKETPLACE_API_URL: expected a URL starting with https:\/\/ or http:\/\//),
    ]);
  });
});

describe('the bonus schedules', () => {
  it('poll hourly and open the run on Mondays at 06:00 New York time unless told otherwise', () => {
    expect(load({})).toMatchObject({ marketplacePollMs: 3_600_000, bonusRunSchedule: '0 6 * * 1' });
    expect(load({ MARKETPLACE_POLL_MINUTES: '15', BONUS_RUN_SCHEDULE: '30 7 * * 1' })).toMatchObject({
      marketplacePollMs: 900_000,
      bonusRunSchedule: '30 7 * * 1',
    });
  });

  it('refuse a poll interval outside a day and a pattern that is not a cron pattern', () => {
    expect(problemsOf({ MARKETPLACE_POLL_MINUTES: '0' })).toEqual(['MARKETPLACE_POLL_MINUTES: expected whole minutes from 1 to 1440 (got "0")']);
    expect(problemsOf({ BONUS_RUN_SCHEDULE: 'every monday' })).toEqual([expect.stringMatching(/^BONUS_RUN_SCHEDULE: expected a cron pattern of five fields/)]);
    expect(problemsOf({ BONUS_RUN_SCHEDULE: '0 6 * * 9' })).toEqual([expect.stringMatching(/^BONUS_RUN_SCHEDULE: expected a cron pattern/)]);
  });
});
