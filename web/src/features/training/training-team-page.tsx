import { Link } from 'react-router-dom';

import { Loading } from '../../components/ui/loading';
import { ApiRequestError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useApiQuery } from '../../lib/use-api-query';
import { fetchTeamProgress, TRAINING_TEAM_TOPIC, type TeamMemberProgress } from './api/training';

const STANDING: Record<TeamMemberProgress['standing'], { label: string; style: string }> = {
  'not-started': { label: 'Not started', style: 'bg-slate-100 text-slate-800' },
  'on-track': { label: 'On track', style: 'bg-green-100 text-green-900' },
  behind: { label: 'Behind', style: 'bg-red-100 text-red-900' },
  finished: { label: 'Finished', style: 'bg-brand-100 text-brand-900' },
};

const dayLabel = (day: { week: number; day: number } | null) => (day ? `Week ${day.week}, day ${day.day}` : '—');

/**
 * A SAT leader's team view: where each agent who chose them stands in their division's schedule
 * (admins see every account). Behind means a day before the one expected today is not complete;
 * the expected day counts training days (Monday to Saturday) since their first tick.
 */
export function TrainingTeamPage() {
  const team = useApiQuery('/api/training/team', fetchTeamProgress, {
    failure: 'Failed to load your team’s training progress',
    reloadOn: [TRAINING_TEAM_TOPIC],
    expected: (error) => error.status === 403,
  });
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
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full whitespace-nowrap text-left text-sm" data-testid="team-progress">
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
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {agents.map((agent) => (
                <tr key={agent.userId} data-testid="team-member">
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
                    <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STANDING[agent.standing].style)}>{STANDING[agent.standing].label}</span>
                  </td>
                  <td className="px-3 py-2 text-slate-700">{agent.lastActivityAt ? formatDateTime(agent.lastActivityAt) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
