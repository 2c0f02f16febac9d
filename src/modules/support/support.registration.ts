import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { supportConfig } from './support.config.js';
import { SUPPORT_TABLES } from './support.tables.js';

/** Help requests (tickets) and their files: what the platform needs of this module before Nest starts. */
export const supportRegistration: ModuleRegistration = {
  name: 'support',
  tables: SUPPORT_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0054Tickets', () => import('./migrations/migration-0054-tickets.js')),
    lazyMigration('Migration0058TicketConversation', () => import('./migrations/migration-0058-ticket-conversation.js')),
    lazyMigration('Migration0059HelpRequestFilters', () => import('./migrations/migration-0059-help-request-filters.js')),
    lazyMigration('Migration0060TicketSearch', () => import('./migrations/migration-0060-ticket-search.js')),
    lazyMigration('Migration0061TicketReferences', () => import('./migrations/migration-0061-ticket-references.js')),
    lazyMigration('Migration0072MessagesPerTicket', () => import('./migrations/migration-0072-messages-per-ticket.js')),
  ],
  config: supportConfig,
  uploadRoutes: ['/api/support/tickets/:ticketId/files'],
};
