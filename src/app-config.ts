import { MODULE_REGISTRATIONS } from './modules.js';
import type { IdentitySettings } from './modules/identity/identity.config.js';
import type { IntegrationsSettings } from './modules/integrations/integrations.config.js';
import type { MarketplaceSettings } from './modules/marketplace/marketplace.config.js';
import type { PaymentsSettings } from './modules/payments/payments.config.js';
import type { SecuritySettings } from './modules/security/security.config.js';
import type { SupportSettings } from './modules/support/support.config.js';
import type { TrainingSettings } from './modules/training/training.config.js';
import type { WalletSettings } from './modules/wallet/wallet.config.js';
import { configVariables, readConfig, type PlatformConfig } from './platform/config/config.js';
import { filesConfig, type FileStorageSettings } from './platform/files/files.config.js';

/**
 * The whole configuration (composition root, beside modules.ts): the platform's settings and every
 * module's section. A module's code reads its own part through its `<Module>Config` type.
 */
export type AppConfig = PlatformConfig &
  FileStorageSettings &
  IdentitySettings &
  TrainingSettings &
  WalletSettings &
  PaymentsSettings &
  MarketplaceSettings &
  IntegrationsSettings &
  SecuritySettings &
  SupportSettings;

// The platform's file storage has a section of its own; then every module's.
const SECTIONS = [filesConfig, ...MODULE_REGISTRATIONS.flatMap((module) => (module.config ? [module.config] : []))];

/** Every environment variable the portal reads. */
export const CONFIG_VARIABLES: readonly string[] = configVariables(SECTIONS);

/**
 * Reads and validates the environment, the platform's variables and every module's in one parse;
 * throws a ConfigError naming every bad variable. Without an argument: the process environment
 * over the settings file (ENV_FILE or .env).
 */
export function loadConfig(given?: NodeJS.ProcessEnv): AppConfig {
  // The sections listed in MODULE_REGISTRATIONS produce the settings named above (app-config.spec.ts loads them all).
  return readConfig(SECTIONS, given) as AppConfig;
}
