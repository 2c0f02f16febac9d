import { Migration } from '@mikro-orm/migrations';

/**
 * The admins' dashboard over many help requests: an index per filter in the list's order, so a
 * first page reads 50 entries however rare its status or priority; and the number of tickets
 * per status and priority, kept by the database in the same transaction as every write to
 * rm_tickets (the projection's inserts, updates, deletes and its rebuild's TRUNCATE), so the
 * page's total is a sum of at most nine rows instead of a count over every matching ticket.
 */
export class Migration0059HelpRequestFilters extends Migration {
  override async up(): Promise<void> {
    this.addSql('CREATE INDEX rm_tickets_status_created ON rm_tickets (status, created_at DESC, ticket_id DESC)');
    this.addSql('CREATE INDEX rm_tickets_priority_created ON rm_tickets (priority, created_at DESC, ticket_id DESC)');
    this.addSql(`
      CREATE TABLE rm_ticket_counts (
        status text NOT NULL,
        priority text NOT NULL,
        tickets bigint NOT NULL,
        PRIMARY KEY (status, priority)
      )`);
    // One upsert per statement, from the rows it changed (transition tables), in key order so two
    // writers never wait on each other's rows crosswise; an update that leaves status and
    // priority as they were nets to nothing and writes nothing.
    this.addSql(`
      CREATE FUNCTION rm_ticket_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          DELETE FROM rm_ticket_counts;
        ELSIF TG_OP = 'INSERT' THEN
          INSERT INTO rm_ticket_counts (status, priority, tickets)
          SELECT status, priority, count(*) FROM new_rows GROUP BY status, priority ORDER BY status, priority
          ON CONFLICT (status, priority) DO UPDATE SET tickets = rm_ticket_counts.tickets + EXCLUDED.tickets;
        ELSIF TG_OP = 'DELETE' THEN
          INSERT INTO rm_ticket_counts (status, priority, tickets)
          SELECT status, priority, -count(*) FROM old_rows GROUP BY status, priority ORDER BY status, priority
          ON CONFLICT (status, priority) DO UPDATE SET tickets = rm_ticket_counts.tickets + EXCLUDED.tickets;
        ELSE
          INSERT INTO rm_ticket_counts (status, priority, tickets)
          SELECT status, priority, sum(change) FROM (
            SELECT status, priority, -1 AS change FROM old_rows UNION ALL SELECT status, priority, 1 FROM new_rows
          ) AS changes GROUP BY status, priority HAVING sum(change) <> 0 ORDER BY status, priority
          ON CONFLICT (status, priority) DO UPDATE SET tickets = rm_ticket_counts.tickets + EXCLUDED.tickets;
        END IF;
        RETURN NULL;
      END $$`);
    this.addSql(
      'CREATE TRIGGER rm_ticket_counts_insert AFTER INSERT ON rm_tickets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_ticket_counts_follow()',
    );
    this.addSql(
      'CREATE TRIGGER rm_ticket_counts_update AFTER UPDATE ON rm_tickets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_ticket_counts_follow()',
    );
    this.addSql(
      'CREATE TRIGGER rm_ticket_counts_delete AFTER DELETE ON rm_tickets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rm_ticket_counts_follow()',
    );
    this.addSql('CREATE TRIGGER rm_ticket_counts_truncate AFTER TRUNCATE ON rm_tickets FOR EACH STATEMENT EXECUTE FUNCTION rm_ticket_counts_follow()');
    this.addSql('INSERT INTO rm_ticket_counts (status, priority, tickets) SELECT status, priority, count(*) FROM rm_tickets GROUP BY status, priority');
  }
}
