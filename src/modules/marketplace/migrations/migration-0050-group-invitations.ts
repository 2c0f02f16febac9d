import { Migration } from '@mikro-orm/migrations';

/**
 * Joining a group takes the invitee's consent: an owner invites an e-mail address, and only the
 * person signed in with that address can make it a membership. An invitation is kept by the
 * address as typed (lower case), whether or not an account has it, so the owner learns nothing
 * of other people's accounts. The members already in agent_group_members stay members.
 */
export class Migration0050GroupInvitations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE agent_group_invitations (
        group_id uuid NOT NULL REFERENCES agent_groups (group_id) ON DELETE CASCADE,
        email text NOT NULL CHECK (email = lower(email)),
        invited_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (group_id, email)
      )`);
    this.addSql(`CREATE INDEX agent_group_invitations_email ON agent_group_invitations (email)`);
    this.addSql(`CREATE INDEX agent_group_members_member ON agent_group_members (member_id)`);
  }
}
