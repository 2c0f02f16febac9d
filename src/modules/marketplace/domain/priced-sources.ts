/** Sources sold lead by lead, at the admins' price table; aged leads are sold in packages at the spec's package prices. */
export const PRICED_SOURCES = ['data_leads', 'smm_leads', 'business'] as const;
