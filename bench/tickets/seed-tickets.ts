// The help-request read model as years of use leave it, written in SQL: agents (accounts and
// profiles, which the dashboard joins through user_directory) and `count` tickets in rm_tickets
// with the columns the tickets projection writes. The dashboard reads rm_tickets and nothing
// else, so its rows are what it needs; appending the events instead would time the projection
// and queue a help-request e-mail for every ticket.
import type pg from 'pg';

import { PRIORITIES, SYSTEM_PROGRAMS, TICKET_STATUSES } from '../../src/modules/support/contracts/ticket-values.js';

/** Sentences a concern is made of, 1 to 8 of them: from about 60 to about 900 characters. */
const SENTENCES = [
  'Since this morning my leads are not showing up in the CRM after I accept them.',
  'I bought a package yesterday and the wallet was charged twice for the same order.',
  'The matching screen keeps loading and never shows my downline, even after logging out and back in.',
  'Could you change my Vanillasoft filters so that I only receive leads from Florida and Georgia?',
  'My contest points for last week look lower than what the leaderboard showed on Friday.',
  'The sign-up link in the integration settings gives an error page when my recruits open it.',
  'I attached a screenshot of the message; it says the session expired while I was still on the page.',
  'Please check whether the spiff for the October campaign was paid, I cannot find it in the ledger.',
  'Two of the leads I received today have the same phone number and the same name.',
  'When I filter by state the list is empty although I know there are leads in Texas.',
  'Our team lead asked me to open a ticket about the webhook that stopped sending on Tuesday.',
  'Thanks in advance, I can be reached at my usual number in the afternoon.',
];

/** Accounts and profiles of `agents` agents (e-mails agent-<n>@agents.test). */
export async function seedAgents(pool: pg.Pool, agents: number): Promise<void> {
  await pool.query(
    `WITH a AS (SELECT gen_random_uuid() AS id, n FROM generate_series(1, $1) AS n),
          u AS (INSERT INTO users (id, email, email_confirmed_at) SELECT id, 'agent-' || n || '@agents.test', now() FROM a RETURNING id, email)
     INSERT INTO profiles (user_id, email, display_name) SELECT id, email, 'Agent ' || split_part(split_part(email, '@', 1), '-', 2) || ' Example' FROM u`,
    [agents],
  );
}

/**
 * `count` tickets from the agents in `users` (a few agents write many: the agent is picked
 * with a squared random number), one every ~15 minutes back from now, status and priority mixed
 * (To Do 15%, In Progress 10%, Done 75%; Low 45%, Med 40%, High 15%), a status note on every
 * one past To Do, one or two files on a quarter of them.
 */
export async function seedTickets(pool: pg.Pool, count: number): Promise<void> {
  await pool.query(
    `WITH agents AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE email LIKE '%@agents.test'),
          t AS (SELECT n, random() AS r_agent, random() AS r_status, random() AS r_priority, random() AS r_files,
                       now() - make_interval(secs => n * 900 + floor(random() * 600)::int) AS at,
                       1 + floor(random() * 8)::int AS sentences, floor(random() * 1000)::int AS first_sentence
                  FROM generate_series(1, $1) AS n)
     INSERT INTO rm_tickets (ticket_id, user_id, system_program, priority, status, concern, admin_notes, files, created_at, updated_at, sla)
     SELECT gen_random_uuid(),
            agents.ids[1 + floor(t.r_agent * t.r_agent * cardinality(agents.ids))::int],
            ($2::text[])[1 + t.n % cardinality($2::text[])],
            CASE WHEN t.r_priority < 0.45 THEN $3 WHEN t.r_priority < 0.85 THEN $4 ELSE $5 END,
            CASE WHEN t.r_status < 0.15 THEN $6 WHEN t.r_status < 0.25 THEN $7 ELSE $8 END,
            (SELECT string_agg(($9::text[])[1 + (t.first_sentence + k) % cardinality($9::text[])], ' ') FROM generate_series(1, t.sentences) AS k),
            CASE WHEN t.r_status < 0.15 THEN ''
                 ELSE '[' || to_char(t.at + interval '1 day', 'YYYY-MM-DD HH24:MI') || ' EST] Status changed to "' ||
                      CASE WHEN t.r_status < 0.25 THEN $7 ELSE $8 END || '": Looked into it with the CRM team; the agent was told by phone.' END,
            CASE WHEN t.r_files < 0.20 THEN jsonb_build_array(jsonb_build_object('fileId', gen_random_uuid(), 'name', 'screenshot.png', 'contentType', 'image/png', 'size', 184320))
                 WHEN t.r_files < 0.25 THEN jsonb_build_array(jsonb_build_object('fileId', gen_random_uuid(), 'name', 'receipt.pdf', 'contentType', 'application/pdf', 'size', 1048576),
                                                              jsonb_build_object('fileId', gen_random_uuid(), 'name', 'error message.jpg', 'contentType', 'image/jpeg', 'size', 95232))
                 ELSE '[]'::jsonb END,
            t.at,
            CASE WHEN t.r_status < 0.15 THEN t.at ELSE t.at + interval '1 day' END,
            -- Both SLA clocks counting, due within the next days: the page works out each one's business time left.
            jsonb_build_object(
              'firstResponse', jsonb_build_object('dueAt', to_char((now() + (t.n % 72) * interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                                  'warnAt', NULL, 'remainingMs', 3600000, 'state', 'running', 'counting', true),
              'resolution', jsonb_build_object('dueAt', to_char((now() + (72 + t.n % 72) * interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                               'warnAt', NULL, 'remainingMs', 28800000, 'state', 'running', 'counting', true))
       FROM t, agents`,
    [count, SYSTEM_PROGRAMS, PRIORITIES[0], PRIORITIES[1], PRIORITIES[2], TICKET_STATUSES[0], TICKET_STATUSES[1], TICKET_STATUSES[2], SENTENCES],
  );
  // As a table that has settled since its rows came: statistics current, pages all-visible.
  await pool.query('VACUUM ANALYZE rm_tickets');
  await pool.query('VACUUM ANALYZE users');
  await pool.query('VACUUM ANALYZE profiles');
}
