import type { ModuleRegistration } from '../../platform/module-registration.js';
import { identityConfig } from './identity.config.js';
import { IDENTITY_PUBLIC_VIEWS, IDENTITY_TABLES } from './identity.tables.js';
import { Migration0003Identity } from './migrations/migration-0003-identity.js';
import { Migration0009ExternalIdentities } from './migrations/migration-0009-external-identities.js';
import { Migration0010ApprovedEmails } from './migrations/migration-0010-approved-emails.js';
import { Migration0046UserDirectory } from './migrations/migration-0046-user-directory.js';
import { Migration0063ChosenTimeZone } from './migrations/migration-0063-chosen-time-zone.js';

/** Accounts, sign-in and roles: what the platform needs of this module before Nest starts. */
export const identityRegistration: ModuleRegistration = {
  name: 'identity',
  tables: IDENTITY_TABLES,
  config: identityConfig,
  publicViews: IDENTITY_PUBLIC_VIEWS,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    { name: 'Migration0003Identity', class: Migration0003Identity },
    { name: 'Migration0009ExternalIdentities', class: Migration0009ExternalIdentities },
    { name: 'Migration0010ApprovedEmails', class: Migration0010ApprovedEmails },
    { name: 'Migration0046UserDirectory', class: Migration0046UserDirectory },
    { name: 'Migration0063ChosenTimeZone', class: Migration0063ChosenTimeZone },
  ],
  // The profile picture is one file as the body (the support desk's upload mechanism, 10MB).
  uploadRoutes: ['/api/profile/avatar'],
};
