import { Migration } from '@mikro-orm/migrations';

/** The office an agent trains in (a division of the training schedules), chosen by the agent; NULL until chosen. */
export class Migration0074TrainingDivision extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE profiles ADD COLUMN training_division text CHECK (training_division IN ('east-tampa', 'west-tampa', 'south-tampa'))`);
  }
}
