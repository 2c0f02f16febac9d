import { optionalUrl } from '../../platform/config/config-schema.js';
import { configSection } from '../../platform/config/config-section.js';
import type { PlatformConfig } from '../../platform/config/config.js';

export type TrainingSettings = {
  /** The external training-video site that "Watch the training videos" on each training schedule opens. */
  readonly trainingVideoUrl: string;
};

/** What the training module's code reads. */
export type TrainingConfig = PlatformConfig & TrainingSettings;

export const trainingConfig = configSection(
  {
    TRAINING_VIDEO_URL: optionalUrl(['https:', 'http:'], 'https://training.example.com'),
  },
  (e): TrainingSettings => ({
    trainingVideoUrl: e.TRAINING_VIDEO_URL ?? 'https://www.youtube.com/results?search_query=health+insurance+agent+training',
  }),
);
