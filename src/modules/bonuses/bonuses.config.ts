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
};

/** What the bonuses module's code reads. */
export type BonusesConfig = PlatformConfig & BonusesSettings;

export const bonusesConfig = configSection(
  {
    MARKETPLACE_API_URL: optionalUrl(['https:', 'http:'], 'https://marketplace.example.com'),
    MARKETPLACE_API_TOKEN: optionalText(),
  },
  (e): BonusesSettings => {
    if (e.MARKETPLACE_API_URL === undefined && e.MARKETPLACE_API_TOKEN === undefined) return { marketplaceService: null };
    const problems: string[] = [];
    if (e.MARKETPLACE_API_URL === undefined)
      problems.push(
        'MARKETPLACE_API_URL: expected the marketplace service’s address, e.g. https://marketplace.example.com, since MARKETPLACE_API_TOKEN is set',
      );
    if (e.MARKETPLACE_API_TOKEN === undefined)
      problems.push('MARKETPLACE_API_TOKEN: expected the marketplace service’s bearer token, since MARKETPLACE_API_URL is set');
    if (problems.length > 0) throw new ConfigError(problems);
    return { marketplaceService: { apiUrl: e.MARKETPLACE_API_URL!.replace(/\/+$/, ''), token: e.MARKETPLACE_API_TOKEN! } };
  },
);
