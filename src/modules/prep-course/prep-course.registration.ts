import { lazyMigration, type ModuleRegistration } from '../../platform/module-registration.js';
import { prepCourseConfig } from './prep-course.config.js';
import { PREP_COURSE_TABLES } from './prep-course.tables.js';

/** The 2-15 licence prep course (its weekends and registrations): what the platform needs of this module before Nest starts. */
export const prepCourseRegistration: ModuleRegistration = {
  name: 'prep-course',
  tables: PREP_COURSE_TABLES,
  // Names are stored in schema_migrations: never rename one.
  migrations: [
    lazyMigration('Migration0068PrepCourse', () => import('./migrations/migration-0068-prep-course.js')),
    lazyMigration('Migration0077PrepConfirmations', () => import('./migrations/migration-0077-prep-confirmations.js')),
  ],
  config: prepCourseConfig,
};
