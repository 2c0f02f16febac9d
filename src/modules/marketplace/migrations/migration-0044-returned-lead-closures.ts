import { Migration } from '@mikro-orm/migrations';

/**
 * A lead its owner returned (the return approved) is closed for assignment: written by the
 * step that follows the approval, which also takes back any assignee, under the same row lock
 * as an assignment, so no assignment can slip in after the approval. Returns approved before
 * are closed from the read model.
 */
export class Migration0044ReturnedLeadClosures extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE returned_lead_closures (
        lead_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        return_id uuid NOT NULL,
        closed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (lead_id, owner_id)
      )`);
    this.addSql(`
      INSERT INTO returned_lead_closures (lead_id, owner_id, return_id, closed_at)
      SELECT lead_id, owner_id, return_id, coalesce(reviewed_at, now()) FROM rm_lead_returns WHERE status = 'approved'
      ON CONFLICT DO NOTHING`);
  }
}
