import { Play } from 'lucide-react';
import { useState } from 'react';

import { calculateBonuses } from '../../../app/api/bonuses';
import { Button } from '../../../components/ui/button';
import { formatCents } from '../../../lib/money';
import { AGENT_MATCH_CASES, PAUSE_BETWEEN_RUNS_MS } from '../agent-match-cases';
import { failureText } from '../hooks/use-test-run';
import { TestSection } from './test-section';

type CaseRun = { status: 'waiting' | 'running' | 'pass' | 'fail'; actualCents: number | null; message: string | null };
const WAITING: CaseRun = { status: 'waiting', actualCents: null, message: null };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The agent-match tester: each sample case's actual match from the bonus rules on the server, against its expectation, 500 ms apart. */
export function AgentMatchSection() {
  const [runs, setRuns] = useState<CaseRun[]>(AGENT_MATCH_CASES.map(() => WAITING));
  const [running, setRunning] = useState(false);
  const setRun = (index: number, run: CaseRun) => setRuns((current) => current.map((old, i) => (i === index ? run : old)));

  const runAll = async () => {
    setRunning(true);
    setRuns(AGENT_MATCH_CASES.map(() => WAITING));
    for (const [index, sample] of AGENT_MATCH_CASES.entries()) {
      if (index > 0) await pause(PAUSE_BETWEEN_RUNS_MS);
      setRun(index, { status: 'running', actualCents: null, message: null });
      try {
        const { match } = await calculateBonuses(sample.inputs);
        const pass = match.actualMatchCents === sample.expectedCents;
        setRun(index, { status: pass ? 'pass' : 'fail', actualCents: match.actualMatchCents, message: null });
      } catch (failure) {
        setRun(index, { status: 'fail', actualCents: null, message: failureText(failure) });
      }
    }
    setRunning(false);
  };

  const done = runs.filter((run) => run.status === 'pass' || run.status === 'fail');
  const passed = runs.filter((run) => run.status === 'pass').length;

  return (
    <TestSection
      id="agent-match"
      title="Agent-Match Tester"
      description="Runs the sample cases through the bonus rules on the server and compares each actual match (in cents) with its expectation, with a 500 ms pause between runs."
      wide
    >
      <Button onClick={() => void runAll()} disabled={running}>
        <Play className="h-4 w-4" aria-hidden />
        {running ? 'Running...' : 'Run Agent-Match Tests'}
      </Button>
      <div className="mt-3 overflow-x-auto" tabIndex={0} role="group" aria-label="Agent-match sample cases">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Agent-match sample cases</caption>
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Case
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Expected (cents)
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                Actual (cents)
              </th>
              <th scope="col" className="py-2 font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {AGENT_MATCH_CASES.map((sample, index) => {
              const run = runs[index]!;
              return (
                <tr key={sample.name}>
                  <td className="py-2 pr-3 text-slate-800">{sample.name}</td>
                  <td className="py-2 pr-3 text-right tabular-nums" title={formatCents(sample.expectedCents)}>
                    {sample.expectedCents}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{run.actualCents ?? '—'}</td>
                  <td className="py-2">
                    {run.status === 'pass' && <span className="font-semibold text-green-700">Pass</span>}
                    {run.status === 'fail' && <span className="font-semibold text-red-700">Fail{run.message ? `: ${run.message}` : ''}</span>}
                    {run.status === 'running' && <span className="text-slate-600">Running...</span>}
                    {run.status === 'waiting' && <span className="text-slate-500">Not run</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p role="status" className="mt-2 text-sm text-slate-700">
        {done.length === AGENT_MATCH_CASES.length ? `${passed} of ${AGENT_MATCH_CASES.length} passed` : ''}
      </p>
    </TestSection>
  );
}
