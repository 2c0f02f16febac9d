import { z } from 'zod';

import { keyList, optionalUrl } from '../../platform/config/config-schema.js';
import { configSection } from '../../platform/config/config-section.js';
import type { PlatformConfig } from '../../platform/config/config.js';

/** Svix's schedule: an attempt at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. */
export const DELIVERY_RETRY_DEFAULT_SECONDS = [0, 5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;
/** Ringy's real lead API (README: Pointing the providers at real accounts); tests point RINGY_API_BASE at a stand-in. */
export const RINGY_DEFAULT_API_BASE = 'https://app.ringy.com/api/public';
/** Textdrip's own addresses: the page that signs an agent in and hands a connecting app its API token, and the REST API. */
export const DEFAULT_TEXTDRIP_CONNECT_URL = 'https://app.textdrip.com/tauth';
export const DEFAULT_TEXTDRIP_API_BASE = 'https://api.textdrip.com/api';

export type IntegrationsSettings = {
  /** Where the providers' APIs are (RINGY_API_BASE, TEXTDRIP_API_BASE): the real ones, or local stand-ins in tests. */
  readonly providers: { readonly ringyApiBase: string };
  /** Textdrip: the page its connect window opens (the agent signs in there and allows the portal), and its API. */
  readonly textdrip: { readonly connectUrl: string; readonly apiBase: string };
  /** Lead delivery to integrations: the delay before each attempt, how long an integration may keep failing before it is turned off, and a rotated signing secret's grace period. */
  readonly delivery: {
    readonly retryDelaysMs: readonly number[];
    readonly disableAfterMs: number;
    /** After a webhook signing secret is rotated, how long the one it replaced keeps signing beside it. */
    readonly signingSecretGraceMs: number;
  };
};

/** What the integrations module's code reads. */
export type IntegrationsConfig = PlatformConfig & IntegrationsSettings;

export const integrationsConfig = configSection(
  {
    RINGY_API_BASE: optionalUrl(['https:', 'http:'], 'https://app.ringy.com/api/public'),
    TEXTDRIP_CONNECT_URL: optionalUrl(['https:', 'http:'], 'https://app.textdrip.com/tauth'),
    TEXTDRIP_API_BASE: optionalUrl(['https:', 'http:'], 'https://api.textdrip.com/api'),
    DELIVERY_RETRY_SECONDS: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? [...DELIVERY_RETRY_DEFAULT_SECONDS] : keyList(value).map(Number)))
      .refine(
        (list) => list.length >= 1 && list.length <= 20 && list.every((s) => Number.isFinite(s) && s >= 0 && s <= 86_400),
        'expected 1 to 20 delays in seconds (0-86400) separated by commas, e.g. 0,5,300,1800,7200,18000,36000,36000',
      ),
    DELIVERY_DISABLE_AFTER_SECONDS: z.coerce
      .number({ message: 'expected whole seconds from 1 to 2592000' })
      .int('expected whole seconds from 1 to 2592000')
      .min(1, 'expected whole seconds from 1 to 2592000')
      .max(2_592_000, 'expected whole seconds from 1 to 2592000')
      .default(86_400),
    DELIVERY_SIGNING_SECRET_GRACE_SECONDS: z.coerce
      .number({ message: 'expected whole seconds from 0 to 2592000' })
      .int('expected whole seconds from 0 to 2592000')
      .min(0, 'expected whole seconds from 0 to 2592000')
      .max(2_592_000, 'expected whole seconds from 0 to 2592000')
      .default(86_400),
  },
  (e): IntegrationsSettings => ({
    providers: {
      ringyApiBase: (e.RINGY_API_BASE ?? RINGY_DEFAULT_API_BASE).replace(/\/$/, ''),
    },
    textdrip: {
      connectUrl: e.TEXTDRIP_CONNECT_URL ?? DEFAULT_TEXTDRIP_CONNECT_URL,
      apiBase: (e.TEXTDRIP_API_BASE ?? DEFAULT_TEXTDRIP_API_BASE).replace(/\/$/, ''),
    },
    delivery: {
      retryDelaysMs: e.DELIVERY_RETRY_SECONDS.map((seconds) => Math.round(seconds * 1000)),
      disableAfterMs: e.DELIVERY_DISABLE_AFTER_SECONDS * 1000,
      signingSecretGraceMs: e.DELIVERY_SIGNING_SECRET_GRACE_SECONDS * 1000,
    },
  }),
);
