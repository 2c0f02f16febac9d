import { accessRegistration } from './modules/access/access.registration.js';
import { auditRegistration } from './modules/audit/audit.registration.js';
import { identityRegistration } from './modules/identity/identity.registration.js';
import { integrationsRegistration } from './modules/integrations/integrations.registration.js';
import { marketplaceRegistration } from './modules/marketplace/marketplace.registration.js';
import { paymentsRegistration } from './modules/payments/payments.registration.js';
import { securityRegistration } from './modules/security/security.registration.js';
import { walletRegistration } from './modules/wallet/wallet.registration.js';
import { migrationsInOrder, type ModuleRegistration } from './platform/module-registration.js';
import { PLATFORM_MIGRATIONS } from './platform/persistence/migrations/platform-migrations.js';
import { migrateDatabase as migrate } from './platform/persistence/orm.js';

/** Every module's registration (composition root, beside app.module.ts and read-models.ts). */
export const MODULE_REGISTRATIONS: readonly ModuleRegistration[] = [
  auditRegistration,
  identityRegistration,
  accessRegistration,
  securityRegistration,
  walletRegistration,
  paymentsRegistration,
  marketplaceRegistration,
  integrationsRegistration,
];

/** The platform's migrations and every module's, in number order. */
export const MIGRATIONS = migrationsInOrder([PLATFORM_MIGRATIONS, ...MODULE_REGISTRATIONS.map((module) => module.migrations)]);

/** Brings the database at `url` up to the newest migration of the platform and every module; returns the names applied. */
export const migrateDatabase = (url: string): Promise<readonly string[]> => migrate(url, MIGRATIONS);
