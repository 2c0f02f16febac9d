import { Check, ChevronDown, ChevronRight } from 'lucide-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router-dom';

import { dayPartIds } from '../../../../src/modules/training/contracts/training-items';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { ApiRequestError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';
import { useMediaQuery } from '../../lib/use-media-query';
import { fetchMemberProgress, fetchTeamProgress, SCHEDULES, TRAINING_TEAM_TOPIC, type TeamMemberProgress } from './api/training';

const STANDING: Record<TeamMemberProgress['standing'], { label: string; style: string }> = {
  'not-started': { label: 'Not started', style: 'bg-slate-100 text-slate-800' },
  'on-track': { label: 'On track', style: 'bg-green-100 text-green-900' },
  behind: { label: 'Behind', style: 'bg-red-100 text-red-900' },
  finished: { label: 'Finished', style: 'bg-brand-100 text-brand-900' },
};

const dayLabel = (day: { week: number; day: number } | null) => (day ? `Week ${day.week}, day ${day.day}` : '—');

/** One member's days in their division, read-only: each day complete or how many of its parts, and each part ticked or not. */
function MemberTicks({ member }: { member: TeamMemberProgress }) {
  const division = member.division!;
  const progress = useApiQuery(`/api/training/team/${member.userId}/${division}/progress`, () => fetchMemberProgress(member.userId, division), {
    failure: 'Failed to load the agent’s ticks',
    reloadOn: [TRAINING_TEAM_TOPIC],
  });
  if (progress.loading) return <Loading />;
  const ticked = new Set(progress.data?.ticked ?? []);
  const schedule = SCHEDULES[division];
  return (
    <div className="space-y-4" data-testid="member-ticks">
      {schedule.weeks.map((week) => (
        <section key={week.id} aria-label={`${member.displayName ?? member.email}: week ${week.number}`}>
          <h3 className="text-sm font-semibold text-brand-900">{week.title}</h3>
          <ul className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200 bg-white">
            {week.days.map((day) => {
              const parts = [
                ...day.blocks.map((block) => ({ id: block.id, text: block.title })),
                ...day.simpleBlocks.map((line) => ({ id: line.id, text: line.text })),
                ...day.checklist.map((line) => ({ id: line.id, text: line.text })),
              ];
              const done = dayPartIds(day).filter((id) => ticked.has(id)).length;
              return (
                <li key={day.id} className="px-3 py-2 text-sm">
                  <details>
                    <summary className="cursor-pointer">
                      <span className="font-medium text-slate-900">
                        Week {week.number}, day {day.number}: {day.title}
                      </span>{' '}
                      <span className={ticked.has(day.id) ? 'font-medium text-green-800' : 'text-slate-600'}>
                        {ticked.has(day.id) ? 'Complete' : `${done} of ${parts.length} parts`}
                      </span>
                    </summary>
                    <ul className="mt-2 space-y-1 pl-4">
                      {parts.map((part) => (
                        <li key={part.id} className="flex items-start gap-2">
                          {ticked.has(part.id) ? (
                            <Check className="mt-0.5 h-4 w-4 shrink-0 text-green-700" aria-label="Ticked" />
                          ) : (
                            <span className="mt-0.5 inline-block h-4 w-4 shrink-0 rounded border border-slate-400" aria-label="Not ticked" role="img" />
                          )}
                          <span className={ticked.has(part.id) ? 'text-slate-700' : 'text-slate-900'}>{part.text}</span>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The button that opens a member's ticks (members who have not started have none to show). */
function TicksToggle({ member, open, onToggle }: { member: TeamMemberProgress; open: boolean; onToggle: () => void }) {
  if (!member.division) return null;
  const who = member.displayName ?? member.email;
  return (
    <Button variant="outline" size="sm" aria-expanded={open} aria-controls={`ticks-${member.userId}`} onClick={onToggle}>
      {open ? <ChevronDown className="h-4 w-4" aria-hidden /> : <ChevronRight className="h-4 w-4" aria-hidden />}
      <span>
        {open ? 'Hide' : 'Show'} ticks<span className="sr-only"> of {who}</span>
      </span>
    </Button>
  );
}

/**
 * A SAT leader's team view: where each agent who chose them stands in their division's schedule
 * (admins see every account). Behind means a day before the one expected today is not complete;
 * the expected day counts training days (Monday to Saturday) since their first tick. Opening a
 * member shows their days and ticks, read-only. On a phone each member is a card.
 */
export function TrainingTeamPage() {
  const team = useApiQuery('/api/training/team', fetchTeamProgress, {
    failure: 'Failed to load your team’s training progress',
    reloadOn: [TRAINING_TEAM_TOPIC],
    expected: (error) => error.status === 403,
  });
  const [openMember, setOpenMember] = useState<string | null>(null);
  // Cards on a phone, the table from md up: one of them, so a member's ticks are loaded once.
  const wide = useMediaQuery('(min-width: 768px)');
  const toggle = (userId: string) => setOpenMember((current) => (current === userId ? null : userId));
  if (team.loading) return <Loading />;
  if (team.error instanceof ApiRequestError && team.error.status === 403)
    return (
      <div className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-bold text-brand-900">Team Training</h1>
        <p className="mt-3 text-slate-600">{team.error.message}.</p>
      </div>
    );
  const agents = team.data?.agents ?? [];
  const count = (standing: TeamMemberProgress['standing']) => agents.filter((agent) => agent.standing === standing).length;
  const everyone = team.data?.scope === 'everyone';
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-brand-900">Team Training</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          {everyone ? 'Every agent’s training progress (admins).' : 'The agents who chose you as their SAT leader.'} An agent is behind when a day before the
          one expected today is not complete; the expected day counts training days (Monday to Saturday) since their first tick, in {team.data?.timeZone}.
        </p>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label="Summary">
        {(['behind', 'on-track', 'finished', 'not-started'] as const).map((standing) => (
          <li key={standing} className={cn('rounded-full px-3 py-1 text-sm font-medium', STANDING[standing].style)}>
            {STANDING[standing].label}: {count(standing)}
          </li>
        ))}
      </ul>
      {agents.length === 0 ? (
        <p className="text-slate-600">No agents have chosen you as their SAT leader yet.</p>
      ) : !wide ? (
        <ul className="space-y-3" aria-label="Team members" data-testid="team-cards">
          {agents.map((agent) => (
            <li key={agent.userId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="team-member-card">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-words font-medium text-slate-900">{agent.displayName ?? agent.email}</p>
                  {agent.displayName && <p className="break-all text-xs text-slate-600">{agent.email}</p>}
                </div>
                <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STANDING[agent.standing].style)}>{STANDING[agent.standing].label}</span>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                {everyone && (
                  <>
                    <dt className="text-slate-600">SAT leader</dt>
                    <dd className="break-all">{agent.satLeaderEmail ?? '—'}</dd>
                  </>
                )}
                <dt className="text-slate-600">Schedule</dt>
                <dd>
                  {agent.schedulePath ? (
                    <Link to={agent.schedulePath} className="text-brand-700 underline">
                      {agent.divisionName}
                    </Link>
                  ) : (
                    '—'
                  )}
                </dd>
                <dt className="text-slate-600">On</dt>
                <dd>{agent.currentDay ? `${dayLabel(agent.currentDay)}: ${agent.currentDay.title}` : agent.standing === 'finished' ? 'All done' : '—'}</dd>
                <dt className="text-slate-600">Expected</dt>
                <dd>{dayLabel(agent.expectedDay)}</dd>
                <dt className="text-slate-600">Days complete</dt>
                <dd>{agent.totalDays > 0 ? `${agent.completedDays} of ${agent.totalDays}` : '—'}</dd>
                <dt className="text-slate-600">Last activity</dt>
                <dd>{agent.lastActivityAt ? formatDateTime(agent.lastActivityAt) : '—'}</dd>
              </dl>
              <div className="mt-3">
                <TicksToggle member={agent} open={openMember === agent.userId} onToggle={() => toggle(agent.userId)} />
              </div>
              {openMember === agent.userId && (
                <div id={`ticks-${agent.userId}`} className="mt-3">
                  <MemberTicks member={agent} />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="team-progress">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Agent
                </th>
                {everyone && (
                  <th scope="col" className="px-3 py-2">
                    SAT leader
                  </th>
                )}
                <th scope="col" className="px-3 py-2">
                  Schedule
                </th>
                <th scope="col" className="px-3 py-2">
                  On
                </th>
                <th scope="col" className="px-3 py-2">
                  Expected
                </th>
                <th scope="col" className="px-3 py-2">
                  Days complete
                </th>
                <th scope="col" className="px-3 py-2">
                  Standing
                </th>
                <th scope="col" className="px-3 py-2">
                  Last activity
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Ticks</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {agents.map((agent) => (
                <Fragment key={agent.userId}>
                  <tr data-testid="team-member">
                    <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                      {agent.displayName ?? agent.email}
                      {agent.displayName && <span className="block text-xs font-normal text-slate-600">{agent.email}</span>}
                    </th>
                    {everyone && <td className="px-3 py-2 text-slate-700">{agent.satLeaderEmail ?? '—'}</td>}
                    <td className="px-3 py-2">
                      {agent.schedulePath ? (
                        <Link to={agent.schedulePath} className="text-brand-700 underline">
                          {agent.divisionName}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-3 py-2 text-slate-800">
                      {agent.currentDay ? (
                        <>
                          {dayLabel(agent.currentDay)}
                          <span className="block text-xs text-slate-600">{agent.currentDay.title}</span>
                        </>
                      ) : agent.standing === 'finished' ? (
                        'All done'
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className="px-3 py-2 text-slate-800">{dayLabel(agent.expectedDay)}</td>
                    <td className="px-3 py-2 text-slate-800">{agent.totalDays > 0 ? `${agent.completedDays} of ${agent.totalDays}` : '—'}</td>
                    <td className="px-3 py-2">
                      <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STANDING[agent.standing].style)}>
                        {STANDING[agent.standing].label}
                      </span>
                    </td>
                    <td className="px-3 py-2 text-slate-700">{agent.lastActivityAt ? formatDateTime(agent.lastActivityAt) : '—'}</td>
                    <td className="px-3 py-2">
                      <TicksToggle member={agent} open={openMember === agent.userId} onToggle={() => toggle(agent.userId)} />
                    </td>
                  </tr>
                  {openMember === agent.userId && (
                    <tr>
                      <td id={`ticks-${agent.userId}`} colSpan={everyone ? 9 : 8} className="bg-slate-50 px-3 py-3">
                        <MemberTicks member={agent} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
