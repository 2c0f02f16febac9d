/** The tables the training module owns: no other module's SQL names them. */
export const TRAINING_TABLES = ['training_progress'] as const;
