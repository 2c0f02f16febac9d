import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { inParallel, MIN_PARALLEL, tally } from '../../../../../test/support/parallel.js';
import { describeOn, oneDatabase } from '../../../../../test/support/test-databases.js';
import { requestContext } from '../../../../platform/event-store/new-event.js';
import { createPool, type SqlPool } from '../../../../platform/persistence/sql.js';
import type { IdentityConfig } from '../../identity.config.js';
import { ChooseSatLeader } from './choose-sat-leader.command.js';
import { ChooseSatLeaderHandler } from './choose-sat-leader.handler.js';

for (const database of oneDatabase()) {
  describeOn(database, `an agent's one choice of SAT leader on ${database.name}`, () => {
    let pool: SqlPool;
    beforeAll(() => {
      pool = createPool(database.url, 10);
    });
    afterAll(async () => pool.end());

    const account = async (title: string | null) => {
      const id = randomUUID();
      const email = `leader-choice-${id.slice(0, 8)}@agents.test`;
      await pool.query('INSERT INTO users (id, email, email_confirmed_at) VALUES ($1, $2, now())', [id, email]);
      await pool.query('INSERT INTO profiles (user_id, email, display_name, title_code) VALUES ($1, $2, $3, $4)', [id, email, 'Someone', title]);
      return { id, email };
    };
    const choose = (agentId: string, leaderId: string) =>
      new ChooseSatLeaderHandler({} as IdentityConfig, pool).execute(
        new ChooseSatLeader({ satLeaderId: leaderId }, requestContext({ type: 'user', id: agentId })),
      );

    it(`keeps the first of ${MIN_PARALLEL} choices sent at once, and refuses the rest as already set`, async () => {
      const [agent, first, second] = await Promise.all([account(null), account('Satellite'), account('Satellite')]);
      const outcomes = await inParallel(MIN_PARALLEL, (i) =>
        choose(agent.id, i % 2 ? first.id : second.id).then(
          () => 'chosen',
          (error: { status?: number }) => String(error.status),
        ),
      );
      expect(tally(outcomes)).toEqual({ chosen: 1, '409': MIN_PARALLEL - 1 });
      const { rows } = await pool.query<{ leader: string }>('SELECT sat_manager_email AS leader FROM profiles WHERE user_id = $1', [agent.id]);
      expect([first.email, second.email]).toContain(rows[0]!.leader);
    });

    it('refuses someone who is not a SAT leader, in the words of the first-sign-in form', async () => {
      const [agent, notLeader] = await Promise.all([account(null), account(null)]);
      await expect(choose(agent.id, notLeader.id)).rejects.toMatchObject({ status: 400 });
      const { rows } = await pool.query('SELECT sat_manager_email FROM profiles WHERE user_id = $1', [agent.id]);
      expect(rows[0]).toEqual({ sat_manager_email: null });
    });
  });
}
