/** The tables the support module owns (the read models of its projections): no other module's SQL names them. */
export const SUPPORT_TABLES = ['rm_tickets', 'rm_ticket_messages', 'rm_ticket_counts'] as const;
