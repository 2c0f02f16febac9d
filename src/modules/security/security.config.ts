import { z } from 'zod';

import { configSection } from '../../platform/config/config-section.js';
import type { PlatformConfig } from '../../platform/config/config.js';

export type SecuritySettings = {
  /** Alert mails of one type within this window go out together: the first at once, the rest in one mail when it ends. */
  readonly alertMailWindowMs: number;
};

/** What the security module's code reads. */
export type SecurityConfig = PlatformConfig & SecuritySettings;

const SECONDS_HELP = 'expected whole seconds from 10 to 86400';

export const securityConfig = configSection(
  {
    SECURITY_ALERT_MAIL_WINDOW_SECONDS: z.coerce
      .number({ message: SECONDS_HELP })
      .int(SECONDS_HELP)
      .min(10, SECONDS_HELP)
      .max(86_400, SECONDS_HELP)
      .default(900),
  },
  (e): SecuritySettings => ({ alertMailWindowMs: e.SECURITY_ALERT_MAIL_WINDOW_SECONDS * 1000 }),
);
