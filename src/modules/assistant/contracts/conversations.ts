import type { SqlClient } from '../../../platform/persistence/sql.js';

export type ConversationMessage = {
  readonly role: 'user' | 'assistant';
  readonly content: string;
  readonly sources: readonly { readonly title: string; readonly url: string }[];
  readonly at: string;
};

/** A user's conversation with the assistant, as a help request about it shows it (the transcript). */
export type Conversation = {
  readonly conversationId: string;
  readonly userId: string;
  readonly startedAt: string;
  readonly messages: readonly ConversationMessage[];
};

/** The user's own conversation, or null when there is none by that id for them (or it has expired). */
export async function conversationOf(db: SqlClient, userId: string, conversationId: string): Promise<Conversation | null> {
  const { rows: found } = await db.query<{ startedAt: Date }>(
    `SELECT started_at AS "startedAt" FROM assistant_conversations WHERE conversation_id = $1 AND user_id = $2`,
    [conversationId, userId],
  );
  if (!found[0]) return null;
  const { rows } = await db.query<{ role: 'user' | 'assistant'; content: string; sources: ConversationMessage['sources']; at: Date }>(
    `SELECT role, content, sources, created_at AS at FROM assistant_messages WHERE conversation_id = $1 ORDER BY seq`,
    [conversationId],
  );
  return {
    conversationId,
    userId,
    startedAt: new Date(found[0].startedAt).toISOString(),
    messages: rows.map((row) => ({ role: row.role, content: row.content, sources: row.sources, at: new Date(row.at).toISOString() })),
  };
}
