import { Migration } from '@mikro-orm/migrations';

/**
 * Lead assignment: a lead's owner gives it to a member of one of their groups, by
 * hand or round-robin from a campaign; one assignee per owner's copy of a lead.
 */
export class Migration0034LeadAssignments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE lead_assignments (
        lead_id uuid NOT NULL,
        owner_id uuid NOT NULL,
        assignee_id uuid NOT NULL,
        group_id uuid,
        how text NOT NULL CHECK (how IN ('manual', 'round_robin')),
        assigned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (lead_id, owner_id)
      )`);
    this.addSql(`CREATE INDEX lead_assignments_assignee ON lead_assignments (assignee_id, assigned_at DESC)`);
    this.addSql(`CREATE INDEX lead_assignments_round_robin ON lead_assignments (group_id, assignee_id) WHERE how = 'round_robin'`);
  }
}
