import type { SqlClient } from '../../../../platform/persistence/sql.js';

/** An answer an agent marked not helpful: what was asked and said, the passages it used, and their word. */
export type UnhelpfulAnswer = {
  readonly conversationId: string;
  readonly answerSeq: number;
  readonly question: string;
  readonly answer: string;
  readonly passageIds: readonly string[];
  readonly margin: number | null;
  readonly note: string | null;
  readonly markedAt: string;
};

/** A question answered with a low margin: another passage fitted it nearly as well as the one used. */
export type LowMarginAnswer = {
  readonly questionKey: string;
  readonly question: string;
  readonly passageId: string;
  readonly margin: number;
  readonly timesAsked: number;
  readonly lastAskedAt: string;
};

/** A passage as the admin page shows it: its heading and the page (with its anchor) it is on; a passage the content no longer has is named by its id. */
export type UsedPassage = { readonly id: string; readonly heading: string; readonly pageTitle: string; readonly url: string | null };

/** What the admin page reads (`GET /api/admin/assistant/feedback`): each answer with the passages it used. */
export type AnswerFeedbackPage = {
  readonly unhelpful: readonly (Omit<UnhelpfulAnswer, 'passageIds' | 'conversationId'> & { readonly passages: readonly UsedPassage[] })[];
  readonly lowMargin: readonly (Omit<LowMarginAnswer, 'passageId'> & { readonly passage: UsedPassage })[];
};

/** The answers marked not helpful, newest first, and the questions answered with a low margin, newest first. */
export async function answerFeedback(db: SqlClient, limit = 200): Promise<{ unhelpful: UnhelpfulAnswer[]; lowMargin: LowMarginAnswer[] }> {
  const [unhelpful, lowMargin] = await Promise.all([
    db.query<Omit<UnhelpfulAnswer, 'markedAt'> & { markedAt: Date }>(
      `SELECT conversation_id AS "conversationId", answer_seq AS "answerSeq", question, answer, passage_ids AS "passageIds", margin, note, marked_at AS "markedAt"
         FROM rm_assistant_unhelpful ORDER BY marked_at DESC LIMIT $1`,
      [limit],
    ),
    db.query<Omit<LowMarginAnswer, 'lastAskedAt'> & { lastAskedAt: Date }>(
      `SELECT question_key AS "questionKey", question, passage_id AS "passageId", margin, times_asked AS "timesAsked", last_asked_at AS "lastAskedAt"
         FROM assistant_low_margin ORDER BY last_asked_at DESC LIMIT $1`,
      [limit],
    ),
  ]);
  return {
    unhelpful: unhelpful.rows.map((row) => ({ ...row, markedAt: new Date(row.markedAt).toISOString() })),
    lowMargin: lowMargin.rows.map((row) => ({ ...row, lastAskedAt: new Date(row.lastAskedAt).toISOString() })),
  };
}
