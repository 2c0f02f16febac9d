import { z } from 'zod';

import { configSection } from '../../platform/config/config-section.js';
import type { PlatformConfig } from '../../platform/config/config.js';

export type PrepCourseSettings = {
  /** Seats of a course weekend seeded from the cadence (PREP_COURSE_CAPACITY); admins change it per weekend. */
  readonly prepCourseCapacity: number;
  /** How long a registration waits for its confirmation e-mail to go out before it answers 'delayed' (PREP_COURSE_EMAIL_WAIT_MS). */
  readonly prepCourseEmailWaitMs: number;
};

/** What the prep-course module's code reads. */
export type PrepCourseConfig = PlatformConfig & PrepCourseSettings;

export const DEFAULT_PREP_COURSE_CAPACITY = 40;

export const prepCourseConfig = configSection(
  {
    PREP_COURSE_CAPACITY: z.coerce
      .number({ message: 'expected a whole number of seats from 1 to 10000' })
      .int('expected a whole number of seats from 1 to 10000')
      .min(1, 'expected a whole number of seats from 1 to 10000')
      .max(10_000, 'expected a whole number of seats from 1 to 10000')
      .default(DEFAULT_PREP_COURSE_CAPACITY),
    PREP_COURSE_EMAIL_WAIT_MS: z.coerce
      .number({ message: 'expected milliseconds from 0 to 30000' })
      .int('expected milliseconds from 0 to 30000')
      .min(0, 'expected milliseconds from 0 to 30000')
      .max(30_000, 'expected milliseconds from 0 to 30000')
      .default(4_000),
  },
  (e): PrepCourseSettings => ({ prepCourseCapacity: e.PREP_COURSE_CAPACITY, prepCourseEmailWaitMs: e.PREP_COURSE_EMAIL_WAIT_MS }),
);
