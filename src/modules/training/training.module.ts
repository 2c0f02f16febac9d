import { Module } from '@nestjs/common';

import { SaveTrainingAnswerHandler } from './commands/save-training-answer/save-training-answer.handler.js';
import { SaveTrainingAnswerController } from './commands/save-training-answer/save-training-answer.http.controller.js';
import { SetTrainingItemHandler } from './commands/set-training-item/set-training-item.handler.js';
import { SetTrainingItemController } from './commands/set-training-item/set-training-item.http.controller.js';
import { GetTeamProgressController } from './queries/get-team-progress/get-team-progress.http.controller.js';
import { GetTrainingProgressController } from './queries/get-training-progress/get-training-progress.http.controller.js';
import { TrainingVideoController } from './training-video.http.controller.js';

/** Agent training: the training-video site behind the access check, and each agent's saved schedule progress with their leader's team view. */
@Module({
  controllers: [TrainingVideoController, GetTrainingProgressController, SetTrainingItemController, SaveTrainingAnswerController, GetTeamProgressController],
  providers: [SetTrainingItemHandler, SaveTrainingAnswerHandler],
})
export class TrainingModule {}
