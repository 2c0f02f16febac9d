import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';

import { SQL_POOL } from '../../../../platform/tokens.js';
import { ChooseTrainingDivision } from './choose-training-division.command.js';

/** Saves the actor's training office on their profile. */
@CommandHandler(ChooseTrainingDivision)
export class ChooseTrainingDivisionHandler implements ICommandHandler<ChooseTrainingDivision, void> {
  constructor(@Inject(SQL_POOL) private readonly pool: pg.Pool) {}

  async execute({ input: { division }, context }: ChooseTrainingDivision): Promise<void> {
    await this.pool.query('UPDATE profiles SET training_division = $2, updated_at = now() WHERE user_id = $1', [context.actor.id, division]);
  }
}
