import { Migration } from '@mikro-orm/migrations';

/**
 * The prep course's weekends and who registered for them. Sessions are seeded from the cadence
 * (every other Saturday from 2025-10-04); `slot` is the cadence Saturday a session was made for,
 * so a session an admin moved or cancelled is never seeded again. `saturday` is when it runs now.
 * A registration is one per e-mail address and session: registering again updates it.
 */
export class Migration0068PrepCourse extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE prep_sessions (
        id uuid PRIMARY KEY,
        slot date NOT NULL UNIQUE,
        saturday date NOT NULL CHECK (extract(isodow FROM saturday) = 6),
        capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 10000),
        status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
        moved_from date,
        cancelled_at timestamptz,
        cancelled_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE UNIQUE INDEX prep_sessions_one_per_weekend ON prep_sessions (saturday) WHERE status = 'scheduled'`);
    this.addSql(`
      CREATE TABLE prep_registrations (
        id uuid PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES prep_sessions (id),
        first_name text NOT NULL,
        last_name text NOT NULL,
        email text NOT NULL,
        office_label text NOT NULL,
        date_label text NOT NULL,
        date_iso text NOT NULL,
        exam_attempts text NOT NULL CHECK (exam_attempts IN ('Never', 'Once', 'Twice', '3+')),
        commitment boolean NOT NULL CHECK (commitment),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE UNIQUE INDEX prep_registrations_one_per_email ON prep_registrations (session_id, lower(email))`);
  }
}
