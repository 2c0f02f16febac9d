import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';

import type { Division } from '../../../../src/modules/training/contracts/training-content';
import { Button } from '../../components/ui/button';
import { Loading } from '../../components/ui/loading';
import { toast } from '../../components/ui/toast-store';
import { useApiQuery } from '../../lib/use-api-query';
import { chooseTrainingDivision, fetchTrainingDivision, SCHEDULES } from './api/training';

// The schedules' own list (the contract's DIVISIONS would bring its schema code, which the page's CSP refuses to compile).
const DIVISIONS = Object.keys(SCHEDULES) as Division[];

/**
 * /training, the menus' Training: the schedule of the agent's office (their choice, else their
 * SAT leader's), or, when neither is known or the agent asks to change it (?choose), a choice of
 * the three offices that is saved to their profile.
 */
export function TrainingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const known = useApiQuery('/api/profile#training', fetchTrainingDivision, { failure: 'Failed to load your training office' });
  const [saving, setSaving] = useState<Division | null>(null);
  const choosing = params.has('choose');

  if (known.loading) return <Loading className="min-h-[50vh]" />;
  if (known.data && !choosing) return <Navigate to={SCHEDULES[known.data.division].path} replace />;

  const choose = async (division: Division) => {
    setSaving(division);
    try {
      await chooseTrainingDivision(division);
      navigate(SCHEDULES[division].path, { replace: true });
    } catch {
      setSaving(null);
      toast({ title: 'Error', description: 'Your office could not be saved. Please try again.', variant: 'destructive' });
    }
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-brand-900">Training</h1>
      <p className="mt-3 text-slate-600">
        Which office do you train in? Each office has its own schedule of your first weeks, day by day. Your choice is saved to your account, and Training opens
        your office&apos;s schedule from then on.
        {known.data && ` Now: ${SCHEDULES[known.data.division].name} (chosen by ${known.data.chosenBy}).`}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {DIVISIONS.map((division) => (
          <li key={division}>
            <Button
              variant="outline"
              className="flex h-auto w-full flex-col items-start gap-2 p-5 text-left"
              disabled={saving !== null}
              onClick={() => void choose(division)}
            >
              <MapPin className="h-5 w-5 text-brand-700" aria-hidden />
              <span className="text-lg font-semibold text-slate-900">{SCHEDULES[division].name}</span>
              <span className="text-sm font-normal text-slate-600">{saving === division ? 'Saving...' : `${SCHEDULES[division].weeks.length} weeks`}</span>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
