import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';

import { useIsolatedStore } from '../../../../../test/support/isolated-database.js';
import { inParallel } from '../../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { PRIORITIES, TICKET_STATUSES } from '../../contracts/ticket-values.js';
import { listHelpRequests } from './list-help-requests.query.js';

const FILTERS = [null, ...TICKET_STATUSES].flatMap((status) => [null, ...PRIORITIES].map((priority) => ({ status, priority })));

for (const database of oneDatabase()) {
  describeOn(database, `the help-request dashboard's totals on ${database.name}`, () => {
    // The totals are over every ticket: a database of its own keeps other files' tickets out.
    const db = useIsolatedStore(database, 8);

    const submit = (status = 'To Do', priority = 'Low') =>
      db.pool.query(
        `INSERT INTO rm_tickets (ticket_id, user_id, system_program, priority, status, concern, created_at, updated_at)
         VALUES ($1, $2, 'General', $3, $4, 'My leads are not showing up in the CRM.', now(), now())`,
        [randomUUID(), randomUUID(), priority, status],
      );

    /** Each filter's total on the dashboard, beside a count of the tickets it shows. */
    async function totals() {
      const answered: unknown[] = [];
      const counted: unknown[] = [];
      for (const filter of FILTERS) {
        answered.push({
          ...filter,
          total: (await listHelpRequests(db.pool, { ...filter, view: 'all', search: null, adminId: randomUUID(), offset: 0, limit: 1 })).total,
        });
        const { rows } = await db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM rm_tickets WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR priority = $2)`,
          [filter.status, filter.priority],
        );
        counted.push({ ...filter, total: rows[0]!.n });
      }
      return { answered, counted };
    }

    it('answers each filter the number of tickets it shows, through submissions, status changes, other edits, deletions and a rebuild', async () => {
      for (const status of TICKET_STATUSES) for (const priority of PRIORITIES) await submit(status, priority);
      await submit('To Do', 'High');
      await db.pool.query(`UPDATE rm_tickets SET status = 'Done' WHERE ticket_id IN (SELECT ticket_id FROM rm_tickets WHERE status = 'To Do' LIMIT 2)`);
      await db.pool.query(`UPDATE rm_tickets SET admin_notes = 'Called the agent.', files = '[]'`);
      await db.pool.query(`DELETE FROM rm_tickets WHERE ticket_id = (SELECT ticket_id FROM rm_tickets WHERE priority = 'Med' LIMIT 1)`);
      const before = await totals();
      expect(before.answered).toEqual(before.counted);
      expect(before.answered[0]).toEqual({ status: null, priority: null, total: 9 });

      await db.pool.query('TRUNCATE rm_tickets');
      expect(
        (await listHelpRequests(db.pool, { status: null, priority: null, view: 'all', search: null, adminId: randomUUID(), offset: 0, limit: 1 })).total,
      ).toBe(0);
      await submit('In Progress', 'Med');
      const after = await totals();
      expect(after.answered).toEqual(after.counted);
    });

    it('keeps the totals right when 30 writers submit and change tickets at once', async () => {
      await db.pool.query('TRUNCATE rm_tickets');
      for (let i = 0; i < 30; i++) await submit('To Do', PRIORITIES[i % 3]);
      const { rows } = await db.pool.query<{ ticket_id: string }>('SELECT ticket_id FROM rm_tickets');
      await inParallel(60, (i) =>
        i % 2 === 0
          ? submit(TICKET_STATUSES[i % 3], PRIORITIES[(i / 2) % 3])
          : db.pool.query(`UPDATE rm_tickets SET status = $2, priority = $3 WHERE ticket_id = $1`, [
              rows[(i - 1) / 2]!.ticket_id,
              TICKET_STATUSES[i % 3],
              PRIORITIES[i % 3],
            ]),
      );
      const { answered, counted } = await totals();
      expect(answered).toEqual(counted);
      expect(answered[0]).toEqual({ status: null, priority: null, total: 60 });
    });

    it('shows each view its tickets: mine, unassigned, and overdue most overdue first', async () => {
      await db.pool.query('TRUNCATE rm_tickets');
      const [me, other] = [randomUUID(), randomUUID()];
      const ticket = async (assignee: string | null, dueMinutesFromNow: number | null) => {
        const ticketId = randomUUID();
        await db.pool.query(
          `INSERT INTO rm_tickets (ticket_id, user_id, system_program, priority, status, concern, created_at, updated_at, assignee_id, sla_due_at)
           VALUES ($1, $2, 'General', 'High', 'To Do', 'My leads are not showing up in the CRM.', now(), now(), $3,
                   CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(mins => $4::int) END)`,
          [ticketId, randomUUID(), assignee, dueMinutesFromNow],
        );
        return ticketId;
      };
      const mineLate = await ticket(me, -5);
      const othersVeryLate = await ticket(other, -60);
      const unassignedInTime = await ticket(null, 30);
      const unassignedNoClock = await ticket(null, null);
      const view = async (name: 'all' | 'mine' | 'unassigned' | 'overdue') => {
        const page = await listHelpRequests(db.pool, { status: null, priority: null, view: name, search: null, adminId: me, offset: 0, limit: 10 });
        return { ids: page.rows.map((row) => (row as { ticketId: string }).ticketId), total: page.total };
      };
      expect(await view('mine')).toEqual({ ids: [mineLate], total: 1 });
      expect((await view('unassigned')).ids.sort()).toEqual([unassignedInTime, unassignedNoClock].sort());
      expect(await view('overdue')).toEqual({ ids: [othersVeryLate, mineLate], total: 2 });
      expect((await view('all')).total).toBe(4);
    });
  });
}
