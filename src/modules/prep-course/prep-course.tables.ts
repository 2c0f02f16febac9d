/** The tables the prep-course module owns: no other module's SQL names them. */
export const PREP_COURSE_TABLES = ['prep_sessions', 'prep_registrations', 'prep_registration_requests'] as const;
