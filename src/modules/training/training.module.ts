import { Module } from '@nestjs/common';

import { TrainingVideoController } from './training-video.http.controller.js';

/** Agent training: the training-video site, behind the access check. */
@Module({ controllers: [TrainingVideoController] })
export class TrainingModule {}
