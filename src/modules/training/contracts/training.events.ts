import type { Division } from './training-content.js';

/** Events of the training module, relayed from its outbox to the event store; the agent is each event's actor. */
export type TrainingProgressChanged = {
  readonly type: 'TrainingProgressChanged';
  readonly data: {
    readonly userId: string;
    readonly division: Division;
    readonly dayId: string;
    /** The items whose tick changed: the one asked for, and the day when the checklist rules tick or untick it. */
    readonly changes: readonly { readonly itemId: string; readonly checked: boolean }[];
    /** The SAT leader the agent chose, when they have one: their team view is told too. */
    readonly leaderId?: string | null;
  };
};

/** A free-text homework answer saved (its length only: the text stays in the agent's progress). */
export type TrainingAnswerSaved = {
  readonly type: 'TrainingAnswerSaved';
  readonly data: { readonly userId: string; readonly division: Division; readonly itemId: string; readonly length: number; readonly leaderId?: string | null };
};

export type TrainingEvent = TrainingProgressChanged | TrainingAnswerSaved;

export const TRAINING_EVENT_TYPES: readonly TrainingEvent['type'][] = ['TrainingProgressChanged', 'TrainingAnswerSaved'];

export const trainingStream = (userId: string) => `training-${userId}`;

/** The realtime topic an agent's browsers hear when their training progress changed (another tab, another device). */
export const TRAINING_TOPIC = 'training';

/** The topic their SAT leader's and the admins' team views hear when an agent's progress changed. */
export const TRAINING_TEAM_TOPIC = 'training-team';

/** The longest free-text answer kept. */
export const TRAINING_ANSWER_MAX = 500;
