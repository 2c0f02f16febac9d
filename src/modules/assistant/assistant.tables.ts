/** The tables the assistant module owns: no other module's SQL names them. */
export const ASSISTANT_TABLES = [
  'assistant_conversations',
  'assistant_messages',
  'assistant_unanswered',
  'assistant_low_margin',
  'rm_assistant_unhelpful',
] as const;
