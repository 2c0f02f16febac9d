import type { SqlClient } from '../../../../platform/persistence/sql.js';

export type UnansweredQuestion = {
  readonly questionKey: string;
  readonly question: string;
  readonly timesAsked: number;
  readonly firstAskedAt: string;
  readonly lastAskedAt: string;
};

/** The questions the assistant could not answer and no admin has dealt with, most asked first, then newest. */
export async function unansweredQuestions(db: SqlClient, limit = 200): Promise<UnansweredQuestion[]> {
  const { rows } = await db.query<UnansweredQuestion & { firstAskedAt: Date; lastAskedAt: Date }>(
    `SELECT question_key AS "questionKey", question, times_asked AS "timesAsked", first_asked_at AS "firstAskedAt", last_asked_at AS "lastAskedAt"
       FROM assistant_unanswered WHERE dismissed_at IS NULL
      ORDER BY times_asked DESC, last_asked_at DESC LIMIT $1`,
    [limit],
  );
  return rows.map((row) => ({ ...row, firstAskedAt: new Date(row.firstAskedAt).toISOString(), lastAskedAt: new Date(row.lastAskedAt).toISOString() }));
}
