import type { WeekFigures } from '../domain/marketplace-week.js';
import type { AgentRole, BlueReportTrack } from './bonus-inputs.js';

/** An agent's bonus settings as an admin set them (the admin is the event's actor). */
export type AgentBonusSettings = {
  readonly agentNumber: string | null;
  readonly commissionRole: AgentRole | null;
  /** YYYY-MM-DD; weeks in program count from its week. */
  readonly programStartDate: string | null;
  readonly blueReportTrack: BlueReportTrack;
};

export type AgentBonusSettingsChanged = {
  type: 'AgentBonusSettingsChanged';
  data: AgentBonusSettings & { readonly userId: string; readonly changed: readonly (keyof AgentBonusSettings)[] };
};

export const agentBonusStream = (userId: string) => `bonus-agent-${userId}`;
export const weekPerformanceStream = (userId: string) => `bonus-performance-${userId}`;

export type WeekFigureName = keyof WeekFigures;

/** What the marketplace service reported for an agent's week, and when it could not be read. */
export type WeekPerformanceEvent =
  /** The week's figures as reported, when any differs from the week's last record (`changed` names them), or when they can be read again after a failure. */
  | { type: 'WeekFiguresRecorded'; data: { userId: string; agentNumber: string; week: string; figures: WeekFigures; changed: readonly WeekFigureName[] } }
  /** The service could not be read (or gave no usable figures) for the week; recorded when this starts or its reason changes. */
  | { type: 'WeekFiguresUnavailable'; data: { userId: string; agentNumber: string; week: string; reason: string } };

export const WEEK_PERFORMANCE_EVENT_TYPES = ['WeekFiguresRecorded', 'WeekFiguresUnavailable'] as const;
