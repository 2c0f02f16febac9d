import { Migration } from '@mikro-orm/migrations';

/**
 * What admins read to improve the content: each answer kept with what it rested on (the passages
 * and the margin over the next on another topic); the answers agents marked not helpful (a read
 * model of AnswerMarkedUnhelpful); and the questions answered with a low margin, by their
 * wording, with the passage used (kept as long as the unanswered questions).
 */
export class Migration0076AssistantFeedback extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE assistant_messages ADD COLUMN grounds jsonb`);
    this.addSql(`
      CREATE TABLE rm_assistant_unhelpful (
        conversation_id uuid NOT NULL,
        answer_seq integer NOT NULL,
        user_id uuid NOT NULL,
        question text NOT NULL,
        answer text NOT NULL,
        passage_ids jsonb NOT NULL,
        margin double precision,
        note text,
        marked_at timestamptz NOT NULL,
        PRIMARY KEY (conversation_id, answer_seq)
      )`);
    this.addSql('CREATE INDEX rm_assistant_unhelpful_newest ON rm_assistant_unhelpful (marked_at DESC)');
    this.addSql(`
      CREATE TABLE assistant_low_margin (
        question_key text PRIMARY KEY,
        question text NOT NULL,
        passage_id text NOT NULL,
        margin double precision NOT NULL,
        times_asked integer NOT NULL,
        first_asked_at timestamptz NOT NULL,
        last_asked_at timestamptz NOT NULL
      )`);
    this.addSql('CREATE INDEX assistant_low_margin_newest ON assistant_low_margin (last_asked_at DESC)');
  }
}
