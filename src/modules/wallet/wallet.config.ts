import { z } from 'zod';

import { configSection } from '../../platform/config/config-section.js';
import type { PlatformConfig } from '../../platform/config/config.js';

export type WalletSettings = {
  readonly wallet: { /** What one sender may transfer per day (the organisation's calendar day), in cents. */ readonly transferDailyLimitCents: number };
};

/** What the wallet module's code reads. */
export type WalletConfig = PlatformConfig & WalletSettings;

export const walletConfig = configSection(
  {
    TRANSFER_DAILY_LIMIT_DOLLARS: z.coerce
      .number({ message: 'expected whole dollars from 1 to 1000000' })
      .int('expected whole dollars from 1 to 1000000')
      .min(1, 'expected whole dollars from 1 to 1000000')
      .max(1_000_000, 'expected whole dollars from 1 to 1000000')
      .default(2_000),
  },
  (e): WalletSettings => ({ wallet: { transferDailyLimitCents: e.TRANSFER_DAILY_LIMIT_DOLLARS * 100 } }),
);
