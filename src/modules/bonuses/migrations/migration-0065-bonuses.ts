import { Migration } from '@mikro-orm/migrations';

/**
 * Each agent's bonus settings as admins set them (agent number, commission role, program start,
 * blue-report track: rows, their changes recorded as events), and the week figures the
 * marketplace service reported for them, and the weekly runs with each agent's statement (read
 * models of their events).
 */
export class Migration0065Bonuses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE bonus_agents (
        user_id uuid PRIMARY KEY,
        agent_number text UNIQUE,
        commission_role text CHECK (commission_role IN ('NEWBIE', 'VET', 'FTA', 'FSL', 'SAT')),
        program_start_date date,
        blue_report_track text CHECK (blue_report_track IN ('250K', '200K', '150K')),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text NOT NULL
      )`);
    this.addSql(`CREATE INDEX bonus_agents_numbered ON bonus_agents (user_id) WHERE agent_number IS NOT NULL`);
    this.addSql(`
      CREATE TABLE rm_week_performance (
        user_id uuid NOT NULL,
        week date NOT NULL,
        agent_number text NOT NULL,
        submitted_cents bigint NOT NULL DEFAULT 0,
        issued_cents bigint NOT NULL DEFAULT 0,
        base_bonus_amount_cents bigint NOT NULL DEFAULT 0,
        data_leads_match_limit_cents bigint NOT NULL DEFAULT 0,
        made_lip_deposit boolean NOT NULL DEFAULT false,
        currently_engaged boolean NOT NULL DEFAULT false,
        has_figures boolean NOT NULL DEFAULT false,
        figures_at timestamptz,
        failing_since timestamptz,
        failure text,
        PRIMARY KEY (user_id, week)
      )`);

    this.addSql(`
      CREATE TABLE rm_bonus_runs (
        week date PRIMARY KEY,
        status text NOT NULL CHECK (status IN ('open', 'submitted', 'approved', 'paid')),
        opened_at timestamptz NOT NULL,
        opened_by text NOT NULL,
        inputs_hash text NOT NULL,
        agents integer NOT NULL,
        exceptions jsonb NOT NULL,
        computed_cents bigint NOT NULL,
        adjustments_cents bigint NOT NULL DEFAULT 0,
        total_cents bigint NOT NULL,
        prepared_by text,
        submitted_at timestamptz,
        approved_by text,
        approved_at timestamptz,
        paid_at timestamptz,
        updated_at timestamptz NOT NULL
      )`);
    this.addSql(`
      CREATE TABLE rm_bonus_statements (
        week date NOT NULL,
        user_id uuid NOT NULL,
        email text NOT NULL,
        display_name text,
        agent_number text,
        line jsonb,
        adjustments jsonb NOT NULL DEFAULT '[]',
        computed_cents bigint NOT NULL DEFAULT 0,
        total_cents bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (week, user_id)
      )`);
    this.addSql(`CREATE INDEX rm_bonus_statements_agent ON rm_bonus_statements (user_id, week DESC)`);
  }
}
