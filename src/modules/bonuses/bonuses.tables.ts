/** The tables the bonuses module owns: each agent's bonus settings and the read models of its events. No other module's SQL names them. */
export const BONUSES_TABLES = ['bonus_agents', 'rm_week_performance', 'rm_bonus_runs', 'rm_bonus_statements'] as const;
