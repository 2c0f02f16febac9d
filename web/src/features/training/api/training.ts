import type { Division, TrainingSchedule } from '../../../../../src/modules/training/contracts/training-content';
import { TRAINING_TEAM_TOPIC, TRAINING_TOPIC } from '../../../../../src/modules/training/contracts/training.events';
import eastTampa from '../../../content/training/east-tampa.json';
import southTampa from '../../../content/training/south-tampa.json';
import westTampa from '../../../content/training/west-tampa.json';
import { api } from '../../../lib/api-client';

export { TRAINING_TEAM_TOPIC, TRAINING_TOPIC };

/** The schedules as the build checked them against the schema (scripts/build.mjs, training-content.spec.ts). */
export const SCHEDULES = {
  'east-tampa': eastTampa,
  'west-tampa': westTampa,
  'south-tampa': southTampa,
} as unknown as Record<Division, TrainingSchedule>;

export type TrainingProgress = { ticked: string[]; answers: Record<string, string> };
export type SetItemAnswer = { dayId: string; ticked: string[]; dayComplete: boolean };

export type TeamMemberProgress = {
  userId: string;
  email: string;
  displayName: string | null;
  satLeaderEmail: string | null;
  division: Division | null;
  divisionName: string | null;
  schedulePath: string | null;
  startedOn: string | null;
  lastActivityAt: string | null;
  completedDays: number;
  totalDays: number;
  currentDay: { week: number; day: number; title: string } | null;
  expectedDay: { week: number; day: number } | null;
  standing: 'not-started' | 'on-track' | 'behind' | 'finished';
};
export type TeamProgress = { scope: 'team' | 'everyone'; timeZone: string; agents: TeamMemberProgress[] };

export const fetchProgress = (division: Division) => api<TrainingProgress>('GET', `/api/training/${division}/progress`);
export const setTrainingItem = (division: Division, itemId: string, checked: boolean) =>
  api<SetItemAnswer>('PUT', `/api/training/${division}/items/${itemId}`, { checked });
export const saveTrainingAnswer = (division: Division, itemId: string, answer: string) =>
  api<{ answer: string }>('PUT', `/api/training/${division}/answers/${itemId}`, { answer });
export const fetchTeamProgress = () => api<TeamProgress>('GET', '/api/training/team');
/** One team member's ticks in a division, read-only (their SAT leader, an admin). */
export const fetchMemberProgress = (userId: string, division: Division) =>
  api<TrainingProgress>('GET', `/api/training/team/${encodeURIComponent(userId)}/${division}/progress`);

/** The office whose schedule the Training menu opens: the agent's choice, else their SAT leader's (GET /api/profile), or null. */
export type TrainingDivision = { division: Division; chosenBy: 'you' | 'your SAT leader' } | null;
export const fetchTrainingDivision = () => api<{ trainingDivision: TrainingDivision }>('GET', '/api/profile').then((profile) => profile.trainingDivision);
export const chooseTrainingDivision = (division: Division) => api<{ division: Division }>('PUT', '/api/profile/training-division', { division });
