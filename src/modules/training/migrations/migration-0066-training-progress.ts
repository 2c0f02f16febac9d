import { Migration } from '@mikro-orm/migrations';

/**
 * Each agent's training progress, one row per item of a division's schedule (a day, a block,
 * a simple line, a checklist line, or a free-text answer), so a write about one item never
 * overwrites another's. The item ids are the stable ids of web/src/content/training/*.json.
 * created_at is when the agent first touched the item: the earliest is when they started.
 */
export class Migration0066TrainingProgress extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE training_progress (
        user_id uuid NOT NULL,
        division text NOT NULL CHECK (division IN ('east-tampa', 'west-tampa', 'south-tampa')),
        item_id text NOT NULL CHECK (item_id ~ '^[a-z0-9][a-z0-9-]{0,79}$'),
        checked boolean NOT NULL DEFAULT false,
        answer text CHECK (answer IS NULL OR char_length(answer) <= 500),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (user_id, division, item_id)
      )`);
  }
}
