/** The values of a help request, shared with the web app's dialog and pages (spec section 9). */

/** The systems and programs a help request is about (spec section 9), in the dialog's order. */
export const SYSTEM_PROGRAMS = ['Lion Share / Matching', 'Integration / Sign-up crm', 'Spiff / Contest', 'Vanillasoft Filters / Changes', 'General'] as const;
export type SystemProgram = (typeof SYSTEM_PROGRAMS)[number];

export const PRIORITIES = ['Low', 'Med', 'High'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const TICKET_STATUSES = ['To Do', 'In Progress', 'Done'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A comment needs at least this many characters (trimmed). */
export const MIN_CONCERN_LENGTH = 20;

/** A request, and each reply, holds at most this many files. */
export const MAX_FILES_PER_TICKET = 10;

/** The dashboard's views: every request, those given to the admin asking, those given to nobody, those past an SLA deadline (most overdue first). */
export const HELP_REQUEST_VIEWS = ['all', 'mine', 'unassigned', 'overdue'] as const;
export type HelpRequestView = (typeof HELP_REQUEST_VIEWS)[number];

/** Each attachment is at most this large (the server counts it as it streams in). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
