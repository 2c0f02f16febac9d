import { accessRegistration } from './modules/access/access.registration.js';
import { announcementsRegistration } from './modules/announcements/announcements.registration.js';
import { assistantRegistration } from './modules/assistant/assistant.registration.js';
import { auditRegistration } from './modules/audit/audit.registration.js';
import { bonusesRegistration } from './modules/bonuses/bonuses.registration.js';
import { identityRegistration } from './modules/identity/identity.registration.js';
import { integrationsRegistration } from './modules/integrations/integrations.registration.js';
import { marketplaceRegistration } from './modules/marketplace/marketplace.registration.js';
import { paymentsRegistration } from './modules/payments/payments.registration.js';
import { prepCourseRegistration } from './modules/prep-course/prep-course.registration.js';
import { resourcesRegistration } from './modules/resources/resources.registration.js';
import { securityRegistration } from './modules/security/security.registration.js';
import { supportRegistration } from './modules/support/support.registration.js';
import { trainingRegistration } from './modules/training/training.registration.js';
import { walletRegistration } from './modules/wallet/wallet.registration.js';
import type { LogRedactions } from './platform/logging/logging.js';
import { migrationsInOrder, type ModuleRegistration } from './platform/module-registration.js';
import { PLATFORM_MIGRATIONS } from './platform/persistence/migrations/platform-migrations.js';
import { migrateDatabase as migrate } from './platform/persistence/orm.js';
import type { SecretColumn } from './platform/secrets/secret-columns.js';

/** Every module's registration (composition root, beside app.module.ts and read-models.ts). */
export const MODULE_REGISTRATIONS: readonly ModuleRegistration[] = [
  auditRegistration,
  identityRegistration,
  trainingRegistration,
  accessRegistration,
  securityRegistration,
  walletRegistration,
  paymentsRegistration,
  marketplaceRegistration,
  integrationsRegistration,
  supportRegistration,
  bonusesRegistration,
  announcementsRegistration,
  assistantRegistration,
  prepCourseRegistration,
  resourcesRegistration,
];

/** The platform's migrations and every module's, in number order. */
export const MIGRATIONS = migrationsInOrder([PLATFORM_MIGRATIONS, ...MODULE_REGISTRATIONS.map((module) => module.migrations)]);

/** Brings the database at `url` up to the newest migration of the platform and every module; returns the names applied. */
export const migrateDatabase = (url: string): Promise<readonly string[]> => migrate(url, MIGRATIONS);

/** The modules' credentials in logs, for the root logger (the platform's own list is its). */
export const MODULE_LOG_REDACTIONS: LogRedactions = {
  fields: MODULE_REGISTRATIONS.flatMap((module) => module.logRedactions?.fields ?? []),
  headers: MODULE_REGISTRATIONS.flatMap((module) => module.logRedactions?.headers ?? []),
};

/** The pages provider connect windows come back to, served without an opener policy. */
export const POPUP_RETURN_PAGES: readonly string[] = MODULE_REGISTRATIONS.flatMap((module) => module.popupReturnPages ?? []);

/** Every column holding secrets encrypted at rest, for `npm run secrets:rotate`. */
export const SECRET_COLUMNS: readonly SecretColumn[] = MODULE_REGISTRATIONS.flatMap((module) => module.secretColumns ?? []);

/** The routes that take an uploaded file as their body. */
export const UPLOAD_ROUTES: readonly string[] = MODULE_REGISTRATIONS.flatMap((module) => module.uploadRoutes ?? []);
