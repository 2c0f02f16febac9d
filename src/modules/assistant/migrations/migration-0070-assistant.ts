import { Migration } from '@mikro-orm/migrations';

/**
 * The assistant's memory. A signed-in user's conversations, each message with the pages it
 * cited, kept for ASSISTANT_RETENTION_DAYS after their last message, or for as long as the help
 * request they were handed to (`kept_for_ticket`). And the questions it could not answer, by
 * their wording, for admins to improve the content; those carry no user.
 */
export class Migration0070Assistant extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE assistant_conversations (
        conversation_id uuid PRIMARY KEY,
        user_id uuid NOT NULL,
        started_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        kept_for_ticket uuid
      )`);
    this.addSql('CREATE INDEX assistant_conversations_user ON assistant_conversations (user_id, updated_at DESC)');
    this.addSql('CREATE INDEX assistant_conversations_expiring ON assistant_conversations (updated_at) WHERE kept_for_ticket IS NULL');
    this.addSql(`
      CREATE TABLE assistant_messages (
        conversation_id uuid NOT NULL REFERENCES assistant_conversations (conversation_id) ON DELETE CASCADE,
        seq integer NOT NULL,
        role text NOT NULL CHECK (role IN ('user', 'assistant')),
        content text NOT NULL,
        sources jsonb NOT NULL DEFAULT '[]',
        answered boolean,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (conversation_id, seq)
      )`);
    this.addSql(`
      CREATE TABLE assistant_unanswered (
        question_key text PRIMARY KEY,
        question text NOT NULL,
        times_asked integer NOT NULL,
        first_asked_at timestamptz NOT NULL,
        last_asked_at timestamptz NOT NULL,
        dismissed_at timestamptz,
        dismissed_by uuid
      )`);
    this.addSql('CREATE INDEX assistant_unanswered_open ON assistant_unanswered (last_asked_at DESC) WHERE dismissed_at IS NULL');
  }
}
