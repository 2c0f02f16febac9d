/** The tables the access module owns (its write side and the read models of its projections): no other module's SQL names them; others read them through access's contracts/. */
export const ACCESS_TABLES = ['rm_access_codes', 'rm_agent_access'] as const;
