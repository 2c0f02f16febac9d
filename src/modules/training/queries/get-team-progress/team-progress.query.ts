import type { SqlClient } from '../../../../platform/persistence/sql.js';
import { dayIn } from '../../../../platform/time/org-time.js';
import type { TeamMember } from '../../../identity/contracts/user-directory.js';
import type { Division } from '../../contracts/training-content.js';
import { trainingStanding, type Standing } from '../../domain/training-standing.js';
import { trainingSchedules } from '../../services/training-schedules.js';

export type TeamMemberProgress = {
  readonly userId: string;
  readonly email: string;
  readonly displayName: string | null;
  readonly satLeaderEmail: string | null;
  /** The division they worked in most recently, or null when they have not started. */
  readonly division: Division | null;
  readonly divisionName: string | null;
  readonly schedulePath: string | null;
  readonly startedOn: string | null;
  readonly lastActivityAt: string | null;
  readonly completedDays: number;
  readonly totalDays: number;
  /** The first day not complete: its week, its number in the week and its title. */
  readonly currentDay: { readonly week: number; readonly day: number; readonly title: string } | null;
  readonly expectedDay: { readonly week: number; readonly day: number } | null;
  readonly standing: Standing;
};

/** Where each of these members stands (their own rows only, read in one query), as of `now` in `zone`. */
export async function teamProgress(db: SqlClient, members: readonly TeamMember[], now: Date, zone: string): Promise<TeamMemberProgress[]> {
  if (members.length === 0) return [];
  const { rows } = await db.query<{ user_id: string; division: Division; item_id: string; checked: boolean; created_at: Date; updated_at: Date }>(
    'SELECT user_id::text AS user_id, division, item_id, checked, created_at, updated_at FROM training_progress WHERE user_id = ANY($1::uuid[])',
    [members.map((member) => member.id)],
  );
  const schedules = trainingSchedules();
  const today = dayIn(now, zone);
  return members.map((member) => {
    const mine = rows.filter((row) => row.user_id === member.id);
    const latest = mine.reduce<(typeof mine)[number] | null>((best, row) => (!best || row.updated_at > best.updated_at ? row : best), null);
    const division = latest?.division ?? null;
    const index = division ? schedules.get(division)! : null;
    const inDivision = mine.filter((row) => row.division === division);
    const started = inDivision.reduce<Date | null>((first, row) => (!first || row.created_at < first ? row.created_at : first), null);
    const dayIds = index?.days.map((day) => day.dayId) ?? [];
    const result = trainingStanding({
      dayIds,
      completed: new Set(inDivision.filter((row) => row.checked).map((row) => row.item_id)),
      startedOn: started ? dayIn(started, zone) : null,
      today,
    });
    const dayAt = (n: number | null) => (n && index ? index.days[n - 1]! : null);
    const current = dayAt(result.currentDay);
    const expected = dayAt(result.expectedDay);
    return {
      userId: member.id,
      email: member.email,
      displayName: member.displayName,
      satLeaderEmail: member.satLeaderEmail,
      division,
      divisionName: index?.schedule.name ?? null,
      schedulePath: index?.schedule.path ?? null,
      startedOn: started ? dayIn(started, zone) : null,
      lastActivityAt: latest ? latest.updated_at.toISOString() : null,
      completedDays: result.completedDays,
      totalDays: dayIds.length,
      currentDay: current ? { week: current.week, day: current.number, title: current.title } : null,
      expectedDay: expected ? { week: expected.week, day: expected.number } : null,
      standing: result.standing,
    };
  });
}
