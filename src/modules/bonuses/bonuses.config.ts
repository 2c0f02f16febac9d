import { CronExpressionParser } from 'cron-parser';
import { z } from 'zod';

import { optionalText, optionalUrl } from '../../platform/config/config-schema.js';
import { configSection } from '../../platform/config/config-section.js';
import { ConfigError, type PlatformConfig } from '../../platform/config/config.js';

/** The marketplace service that reports each agent's week (MARKETPLACE_API_URL, MARKETPLACE_API_TOKEN). */
export type MarketplaceServiceSettings = {
  /** Its base address, without a trailing slash; the week details are at `{apiUrl}/api/getlionsharedetails`. */
  readonly apiUrl: string;
  /** Sent as `Authorization: Bearer`; never logged. */
  readonly token: string;
};

export type BonusesSettings = {
  /** Null when not configured (the embedded default): then no week details can be read from it. */
  readonly marketplaceService: MarketplaceServiceSettings | null;
  /** How often every agent with an agent number is asked about (MARKETPLACE_POLL_MINUTES). */
  readonly marketplacePollMs: number;
  /** When the weekly run for the week just ended opens: a cron pattern read in America/New_York (BONUS_RUN_SCHEDULE). */
  readonly bonusRunSchedule: string;
};

/** Monday 06:00 in New York: the week (Monday to Sunday) has ended and its last figures are in. */
export const DEFAULT_BONUS_RUN_SCHEDULE = '0 6 * * 1';
const CRON_HELP = "expected a cron pattern of five fields read in America/New_York, e.g. '0 6 * * 1' for Mondays at 06:00";

/** What the bonuses module's code reads. */
export type BonusesConfig = PlatformConfig & BonusesSettings;

export const bonusesConfig = configSection(
  {
    MARKETPLACE_API_URL: optionalUrl(['https:', 'http:'], 'https://marketplace.example.com'),
    MARKETPLACE_API_TOKEN: optionalText(),
    MARKETPLACE_POLL_MINUTES: z.coerce
      .number({ message: 'expected whole minutes from 1 to 1440' })
      .int('expected whole minutes from 1 to 1440')
      .min(1, 'expected whole minutes from 1 to 1440')
      .max(1_440, 'expected whole minutes from 1 to 1440')
      .default(60),
    BONUS_RUN_SCHEDULE: z
      .string()
      .trim()
      .default(DEFAULT_BONUS_RUN_SCHEDULE)
      .refine((pattern) => {
        if (pattern.split(/\s+/).length !== 5) return false;
        try {
          CronExpressionParser.parse(pattern, { tz: 'America/New_York' });
          return true;
        } catch {
          return false;
        }
      }, CRON_HELP),
  },
  (e): BonusesSettings => {
    const schedule = { marketplacePollMs: e.MARKETPLACE_POLL_MINUTES * 60_000, bonusRunSchedule: e.BONUS_RUN_SCHEDULE };
    if (e.MARKETPLACE_API_URL === undefined && e.MARKETPLACE_API_TOKEN === undefined) return { marketplaceService: null, ...schedule };
    const problems: string[] = [];
    if (e.MARKETPLACE_API_URL === undefined)
      problems.push(
        'MARKETPLACE_API_URL: expected the marketplace service’s address, e.g. https://marketplace.example.com, since MARKETPLACE_API_TOKEN is set',
      );
    if (e.MARKETPLACE_API_TOKEN === undefined)
      problems.push('MARKETPLACE_API_TOKEN: expected the marketplace service’s bearer token, since MARKETPLACE_API_URL is set');
    if (problems.length > 0) throw new ConfigError(problems);
    return { marketplaceService: { apiUrl: e.MARKETPLACE_API_URL!.replace(/\/+$/, ''), token: e.MARKETPLACE_API_TOKEN! }, ...schedule };
  },
);
