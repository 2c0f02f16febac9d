import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { identityConfig } from './identity.config.js';
import { IDENTITY_PUBLIC_VIEWS, IDENTITY_TABLES } from './identity.tables.js';

/** Accounts, sign-in and roles: what the platform needs of this module before Nest starts. */
export const identityRegistration: ModuleRegistration = {
  name: 'identity',
  tables: IDENTITY_TABLES,
  config: identityConfig,
  publicViews: IDENTITY_PUBLIC_VIEWS,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0003Identity', () => import('./migrations/migration-0003-identity.js')),
    lazyMigration('Migration0009ExternalIdentities', () => import('./migrations/migration-0009-external-identities.js')),
    lazyMigration('Migration0010ApprovedEmails', () => import('./migrations/migration-0010-approved-emails.js')),
    lazyMigration('Migration0046UserDirectory', () => import('./migrations/migration-0046-user-directory.js')),
    lazyMigration('Migration0063ChosenTimeZone', () => import('./migrations/migration-0063-chosen-time-zone.js')),
    lazyMigration('Migration0074TrainingDivision', () => import('./migrations/migration-0074-training-division.js')),
  ],
  // The profile picture is one file as the body (the support desk's upload mechanism, 10MB).
  uploadRoutes: ['/api/profile/avatar'],
};
