import type { SqlClient } from '../../../../platform/persistence/sql.js';
import type { Division } from '../../contracts/training-content.js';

/** One agent's saved progress in one division: the ticked items and the free-text answers. */
export type TrainingProgressView = { readonly ticked: string[]; readonly answers: Record<string, string> };

export async function trainingProgressOf(db: SqlClient, userId: string, division: Division): Promise<TrainingProgressView> {
  const { rows } = await db.query<{ item_id: string; checked: boolean; answer: string | null }>(
    'SELECT item_id, checked, answer FROM training_progress WHERE user_id = $1 AND division = $2 AND (checked OR answer IS NOT NULL) ORDER BY item_id',
    [userId, division],
  );
  return {
    ticked: rows.filter((row) => row.checked).map((row) => row.item_id),
    answers: Object.fromEntries(rows.filter((row) => row.answer !== null).map((row) => [row.item_id, row.answer!])),
  };
}
