/** The tables the announcements module owns: no other module's SQL names them. */
export const ANNOUNCEMENTS_TABLES = ['announcements'] as const;
