/** The tables the assistant module owns: no other module's SQL names them. */
export const ASSISTANT_TABLES = ['assistant_conversations', 'assistant_messages', 'assistant_unanswered'] as const;
