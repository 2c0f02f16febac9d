import type { ModuleRegistration } from '../../platform/module-registration.js';
import { Migration0054Tickets } from './migrations/migration-0054-tickets.js';
import { Migration0058TicketConversation } from './migrations/migration-0058-ticket-conversation.js';
import { Migration0059HelpRequestFilters } from './migrations/migration-0059-help-request-filters.js';
import { Migration0060TicketSearch } from './migrations/migration-0060-ticket-search.js';
import { Migration0061TicketReferences } from './migrations/migration-0061-ticket-references.js';
import { Migration0072MessagesPerTicket } from './migrations/migration-0072-messages-per-ticket.js';
import { supportConfig } from './support.config.js';
import { SUPPORT_TABLES } from './support.tables.js';

/** Help requests (tickets) and their files: what the platform needs of this module before Nest starts. */
export const supportRegistration: ModuleRegistration = {
  name: 'support',
  tables: SUPPORT_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    { name: 'Migration0054Tickets', class: Migration0054Tickets },
    { name: 'Migration0058TicketConversation', class: Migration0058TicketConversation },
    { name: 'Migration0059HelpRequestFilters', class: Migration0059HelpRequestFilters },
    { name: 'Migration0060TicketSearch', class: Migration0060TicketSearch },
    { name: 'Migration0061TicketReferences', class: Migration0061TicketReferences },
    { name: 'Migration0072MessagesPerTicket', class: Migration0072MessagesPerTicket },
  ],
  config: supportConfig,
  uploadRoutes: ['/api/support/tickets/:ticketId/files'],
};
