import type { SqlClient } from '../../../platform/persistence/sql.js';

/** Whether the mail `mailId` went out (it is recorded once delivered: SMTP accepted it, or it is in the outbox) within `waitMs`. */
export async function mailDelivered(db: SqlClient, mailId: string, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
    const { rowCount } = await db.query('SELECT 1 FROM mail_messages WHERE id = $1', [mailId]);
    if (rowCount) return true;
    if (Date.now() + pause > until) return false;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
