import { z } from 'zod';

import { optionalUrl } from '../../platform/config/config-schema.js';
import { configSection } from '../../platform/config/config-section.js';
import type { PlatformConfig } from '../../platform/config/config.js';

/** Placeholders until the real lead sites are configured (README: DATA_LEADS_URL, AGED_LEADS_URL). */
export const DEFAULT_DATA_LEADS_URL = 'https://data-leads.example.com/';
export const DEFAULT_AGED_LEADS_URL = 'https://aged-leads.example.com/';

export type MarketplaceSettings = {
  /** The external lead sites the Lead Management page's Data Leads and Aged Leads cards open. */
  readonly leadSites: { readonly dataLeadsUrl: string; readonly agedLeadsUrl: string };
  readonly leads: {
    /** Intake requests one vendor may make per minute. */
    readonly intakeRequestsPerMinute: number;
    /** A lead with the same phone or e-mail as one received within this many days is a duplicate. */
    readonly duplicateDays: number;
    /** Data leads no campaign bought join the aged inventory after this many days. */
    readonly agedAfterDays: number;
    /** An agent may return a lead this many days after buying it. */
    readonly returnDays: number;
    /** How often aged-lead orders cut off between claiming their leads and the charge are finished or released. */
    readonly agedOrderSweepMs: number;
  };
};

/** What the marketplace module's code reads. */
export type MarketplaceConfig = PlatformConfig & MarketplaceSettings;

export const marketplaceConfig = configSection(
  {
    DATA_LEADS_URL: optionalUrl(['https:', 'http:'], 'https://data-leads.example.com'),
    AGED_LEADS_URL: optionalUrl(['https:', 'http:'], 'https://aged-leads.example.com'),
    LEAD_INTAKE_REQUESTS_PER_MINUTE: z.coerce
      .number({ message: 'expected a whole number from 1 to 100000' })
      .int('expected a whole number from 1 to 100000')
      .min(1, 'expected a whole number from 1 to 100000')
      .max(100_000, 'expected a whole number from 1 to 100000')
      .default(120),
    LEAD_AGED_AFTER_DAYS: z.coerce
      .number({ message: 'expected whole days from 0 to 365' })
      .int('expected whole days from 0 to 365')
      .min(0, 'expected whole days from 0 to 365')
      .max(365, 'expected whole days from 0 to 365')
      .default(30),
    AGED_ORDER_SWEEP_SECONDS: z.coerce
      .number({ message: 'expected whole seconds from 1 to 86400' })
      .int('expected whole seconds from 1 to 86400')
      .min(1, 'expected whole seconds from 1 to 86400')
      .max(86_400, 'expected whole seconds from 1 to 86400')
      .default(300),
    LEAD_RETURN_DAYS: z.coerce
      .number({ message: 'expected whole days from 1 to 90' })
      .int('expected whole days from 1 to 90')
      .min(1, 'expected whole days from 1 to 90')
      .max(90, 'expected whole days from 1 to 90')
      .default(7),
    LEAD_DUPLICATE_DAYS: z.coerce
      .number({ message: 'expected whole days from 1 to 365' })
      .int('expected whole days from 1 to 365')
      .min(1, 'expected whole days from 1 to 365')
      .max(365, 'expected whole days from 1 to 365')
      .default(30),
  },
  (e): MarketplaceSettings => ({
    leadSites: { dataLeadsUrl: e.DATA_LEADS_URL ?? DEFAULT_DATA_LEADS_URL, agedLeadsUrl: e.AGED_LEADS_URL ?? DEFAULT_AGED_LEADS_URL },
    leads: {
      intakeRequestsPerMinute: e.LEAD_INTAKE_REQUESTS_PER_MINUTE,
      duplicateDays: e.LEAD_DUPLICATE_DAYS,
      agedAfterDays: e.LEAD_AGED_AFTER_DAYS,
      returnDays: e.LEAD_RETURN_DAYS,
      agedOrderSweepMs: e.AGED_ORDER_SWEEP_SECONDS * 1000,
    },
  }),
);
