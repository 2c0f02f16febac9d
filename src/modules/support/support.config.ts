import { z } from 'zod';

import { booleanFlag, optionalText } from '../../platform/config/config-schema.js';
import { configSection } from '../../platform/config/config-section.js';
import { ConfigError, type PlatformConfig } from '../../platform/config/config.js';
import { DEFAULT_ORG_TIME_ZONE } from '../../platform/time/org-time.js';
import { PRIORITIES } from './contracts/ticket-values.js';
import type { SlaPolicy, SlaTargets } from './domain/sla/sla-clock.js';
import {
  BUSINESS_HOURS_HELP,
  businessDurationMs,
  DEFAULT_BUSINESS_HOURS,
  DEFAULT_SLA_TARGETS,
  DURATION_HELP,
  HOLIDAYS_HELP,
  parseBusinessDuration,
  parseBusinessHours,
  parseHolidays,
  parseSlaTargets,
  SLA_TARGETS_HELP,
} from './domain/sla/sla-settings.js';

export type SupportSettings = {
  /** Where new help requests are mailed; every admin when not set. */
  readonly supportEmail: string | null;
  /** The help requests' service levels: business hours in the organisation's zone (ORG_TIME_ZONE), holidays (the US federal ones by rule, and any listed), targets per priority, the warning before a breach. */
  readonly slaPolicy: SlaPolicy;
  /** How often the SLA warning sweep looks for deadlines to warn of. */
  readonly slaWarningSweepMs: number;
  /** How many help requests one account may submit in an hour (a repeat under the same Idempotency-Key is not a new one). */
  readonly ticketsPerHour: number;
};

/** What the support module's code reads. */
export type SupportConfig = PlatformConfig & SupportSettings;

/** A variable read by `parse` (its default when unset or empty), refused with `help` when it cannot be read. */
const parsed = <T>(fallback: string, parse: (text: string) => T | null, help: string) =>
  optionalText()
    .transform((value) => value ?? fallback)
    .refine((value) => parse(value) !== null, help)
    .transform((value) => parse(value)!);

export const supportConfig = configSection(
  {
    SUPPORT_EMAIL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.email('expected an e-mail address, e.g. support@example.com').optional()),
    SLA_BUSINESS_HOURS: parsed(DEFAULT_BUSINESS_HOURS, parseBusinessHours, BUSINESS_HOURS_HELP),
    SLA_FEDERAL_HOLIDAYS: booleanFlag(true),
    SLA_HOLIDAYS: parsed('none', parseHolidays, HOLIDAYS_HELP),
    SLA_TARGETS: parsed(DEFAULT_SLA_TARGETS, parseSlaTargets, SLA_TARGETS_HELP),
    SLA_WARNING_SWEEP_SECONDS: z.coerce
      .number({ message: 'expected whole seconds from 1 to 3600' })
      .int('expected whole seconds from 1 to 3600')
      .min(1, 'expected whole seconds from 1 to 3600')
      .max(3_600, 'expected whole seconds from 1 to 3600')
      .default(60),
    SUPPORT_TICKETS_PER_HOUR: z.coerce
      .number({ message: 'expected a whole number from 1 to 10000' })
      .int('expected a whole number from 1 to 10000')
      .min(1, 'expected a whole number from 1 to 10000')
      .max(10_000, 'expected a whole number from 1 to 10000')
      .default(20),
    SLA_WARN_BEFORE: parsed('1h', parseBusinessDuration, `expected business time before a breach to warn the assignee, or 0 for none (${DURATION_HELP})`),
  },
  (e): SupportSettings => {
    // Every section is handed the whole parsed environment: the platform's ORG_TIME_ZONE is already checked and canonical.
    const zone = (e as { ORG_TIME_ZONE?: string }).ORG_TIME_ZONE ?? DEFAULT_ORG_TIME_ZONE;
    const hours = e.SLA_BUSINESS_HOURS;
    const dayMs = (hours.closesAtMinute - hours.opensAtMinute) * 60_000;
    const targets = Object.fromEntries(
      PRIORITIES.map((priority) => {
        const written = e.SLA_TARGETS[priority];
        return [priority, { firstResponseMs: businessDurationMs(written.firstResponse, dayMs), resolutionMs: businessDurationMs(written.resolution, dayMs) }];
      }),
    ) as SlaTargets;
    const backwards = PRIORITIES.filter((priority) => targets[priority].firstResponseMs > targets[priority].resolutionMs);
    if (backwards.length > 0) {
      throw new ConfigError([
        `SLA_TARGETS: expected each first-response target to be no longer than its resolution target (not so for ${backwards.join(', ')})`,
      ]);
    }
    return {
      supportEmail: e.SUPPORT_EMAIL ?? null,
      slaPolicy: {
        calendar: { zone, ...hours, holidays: e.SLA_HOLIDAYS, federalHolidays: e.SLA_FEDERAL_HOLIDAYS },
        targets,
        warnBeforeMs: businessDurationMs(e.SLA_WARN_BEFORE, dayMs),
      },
      slaWarningSweepMs: e.SLA_WARNING_SWEEP_SECONDS * 1000,
      ticketsPerHour: e.SUPPORT_TICKETS_PER_HOUR,
    };
  },
);
